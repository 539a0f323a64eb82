// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { RoutingNote } from './RoutingNote.tsx';

/** Under a routed answer in Testen the author reads the branch, how sure, what decided and why. */

afterEach(cleanup);

describe('RoutingNote', () => {
  it('names the branch, the confidence and the trained model, without a reason line', () => {
    render(<RoutingNote routed={{ branch: 'Preis', confidence: 0.734, source: 'model' }} />);
    expect(screen.getByTestId('routing-note').textContent).toBe(
      'Zweig: Preis · 73 % sicher · trainiertes Modell',
    );
    expect(screen.queryByTestId('routing-reason')).toBeNull();
  });

  it("adds the language model's reason when it decided, and says 'keiner davon' for the none route", () => {
    render(
      <RoutingNote
        routed={{ branch: 'none', confidence: 0.9, source: 'llm', reason: 'Die Antwort nennt kein Thema.' }}
      />,
    );
    expect(screen.getByTestId('routing-note').textContent).toContain('Zweig: keiner davon · 90 % sicher');
    expect(screen.getByTestId('routing-reason').textContent).toBe(
      'Begründung des Sprachmodells: Die Antwort nennt kein Thema.',
    );
  });
});
