// @vitest-environment jsdom
import { alpha, ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { darkTheme } from '../../../theme.ts';
import { GraphStyles } from './GraphStyles.tsx';

/** xyflow's view controls take the theme's colours, so they stay visible in the dark design. */

afterEach(cleanup);

describe('GraphStyles', () => {
  it('colours the view controls from the dark theme', () => {
    render(
      <ThemeProvider theme={darkTheme}>
        <GraphStyles />
        <div className="react-flow__controls" data-testid="controls" />
      </ThemeProvider>,
    );
    const style = getComputedStyle(screen.getByTestId('controls'));
    // Compared without spaces: the style engine writes colours without them.
    const bare = (value: string) => value.replace(/\s/g, '');
    const look = (name: string) => bare(style.getPropertyValue(`--xy-controls-button-${name}`));
    expect(look('background-color')).toBe(bare(darkTheme.palette.background.paper));
    expect(look('color')).toBe(bare(darkTheme.palette.text.primary));
    expect(look('border-color')).toBe(bare(darkTheme.palette.divider));
  });

  it('gives the attribution a readable link on a paper-coloured veil in the dark theme', () => {
    render(
      <ThemeProvider theme={darkTheme}>
        <GraphStyles />
        <div className="react-flow__attribution" data-testid="attribution">
          <a href="https://reactflow.dev">React Flow</a>
        </div>
      </ThemeProvider>,
    );
    const bare = (value: string) => value.replace(/\s/g, '');
    const veil = getComputedStyle(screen.getByTestId('attribution'));
    expect(bare(veil.getPropertyValue('--xy-attribution-background-color'))).toBe(
      bare(alpha(darkTheme.palette.background.paper, 0.85)),
    );
    const link = getComputedStyle(screen.getByRole('link', { name: 'React Flow' }));
    expect(bare(link.color)).toBe(bare(darkTheme.palette.text.secondary));
  });
});
