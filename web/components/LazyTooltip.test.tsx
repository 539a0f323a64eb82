// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from './LazyTooltip.tsx';

/** The hint loads at the first hover and shows then, on the same button (issue 23). */

afterEach(cleanup);

describe('LazyTooltip', () => {
  it('shows at the first hover, keeps the trigger element and hides when the pointer leaves', async () => {
    const onClick = vi.fn();
    render(
      <LazyTooltip title="Duplizieren">
        <button type="button" aria-label="Duplizieren" onClick={onClick}>
          x
        </button>
      </LazyTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Duplizieren' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.mouseOver(button);
    expect(await screen.findByRole('tooltip', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      'Duplizieren',
    );
    // Not re-mounted: a click that started before the download ends still reaches it.
    expect(screen.getByRole('button', { name: 'Duplizieren' })).toBe(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    fireEvent.mouseLeave(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('gives a trigger without a name the title as its aria-label, as MUI Tooltip does', () => {
    render(
      <LazyTooltip title="Löschen">
        <span>
          <button type="button">x</button>
        </span>
      </LazyTooltip>,
    );
    expect(screen.getByLabelText('Löschen').tagName).toBe('SPAN');
  });
});
