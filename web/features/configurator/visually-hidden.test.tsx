// @vitest-environment jsdom
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { visuallyHidden } from './visually-hidden.ts';

/** The configurator's hidden page heading must never widen the page (it made it scroll sideways). */
describe('visually hidden heading', () => {
  afterEach(cleanup);

  it('is 1px by 1px and clipped, not as wide as its container', () => {
    render(
      <Box sx={{ position: 'relative', px: 3, width: 800 }}>
        <Typography component="h1" sx={visuallyHidden}>
          Bearbeiten
        </Typography>
      </Box>,
    );
    const style = getComputedStyle(screen.getByRole('heading', { name: 'Bearbeiten' }));
    expect(style.position).toBe('absolute');
    expect(style.width).toBe('1px');
    expect(style.height).toBe('1px');
    expect(style.overflow).toBe('hidden');
    expect(style.margin).toBe('-1px');
    expect(style.padding).toBe('0px');
    expect(style.whiteSpace).toBe('nowrap');
    // jsdom does not compute clip; the style object says it.
    expect(visuallyHidden.clip).toBe('rect(0 0 0 0)');
  });

  it('gives sizes as CSS lengths (a number up to 1 in sx means a fraction: width 1 is 100%)', () => {
    expect(visuallyHidden.width).toBe('1px');
    expect(visuallyHidden.height).toBe('1px');
  });
});
