// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import type { ImportExamplesResponse } from '../../../contract/training.ts';
import { ImportDialog } from './ImportDialog.tsx';

/**
 * 'Mehrere einfügen': a dry run first, its report (a repeat skipped, a look-alike added all the same),
 * then the examples added; a refused row shows at the field in German with its line, and nothing is added.
 */

const api = vi.hoisted(() => ({
  calls: [] as unknown[],
  answer: (_: unknown): Promise<unknown> => Promise.resolve(),
}));
vi.mock('./training-api.ts', () => ({
  useImportExamples: () => ({
    isPending: false,
    mutateAsync: (input: unknown) => {
      api.calls.push(input);
      return api.answer(input);
    },
  }),
}));
afterEach(() => {
  cleanup();
  api.calls = [];
});

const REPORT: ImportExamplesResponse = {
  added: 0,
  rows: [
    { line: 1, branch: 'Preis', text: 'Viel zu teuer', status: 'new', like: null },
    {
      line: 2,
      branch: 'Preis',
      text: 'zu teuer!',
      status: 'duplicate',
      like: { branch: 'Preis', text: 'Zu teuer' },
    },
    {
      line: 3,
      branch: 'Preis',
      text: 'Qualität mies',
      status: 'similar',
      like: { branch: 'Qualität', text: 'Qualität ist mies' },
    },
  ],
};

function open(onClose = vi.fn()) {
  render(
    <ImportDialog
      surveyId="s"
      qid="q"
      source={{ format: 'lines', branch: 'Preis' }}
      title="Mehrere Beispiele für „Preis“"
      labelOf={(b) => b}
      onClose={onClose}
    />,
  );
  return onClose;
}

describe("'Mehrere einfügen'", () => {
  it('checks first, reports repeats and look-alikes, then adds', async () => {
    api.answer = (input) =>
      Promise.resolve((input as { dry_run: boolean }).dry_run ? REPORT : { ...REPORT, added: 2 });
    const onClose = open();
    const field = screen.getByLabelText('Ein Beispiel pro Zeile');
    fireEvent.change(field, { target: { value: 'Viel zu teuer\nzu teuer!\nQualität mies' } });
    fireEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
    const report = await screen.findByTestId('import-report');
    expect(report.textContent).toContain('2 Beispiele werden hinzugefügt, 1 übersprungen (schon vorhanden).');
    expect(report.textContent).toContain('Zeile 2: „zu teuer!“ gibt es in „Preis“ schon: wird übersprungen.');
    expect(report.textContent).toContain(
      'Zeile 3: „Qualität mies“ ähnelt „Qualität ist mies“ in „Qualität“: wird trotzdem hinzugefügt.',
    );
    fireEvent.click(screen.getByRole('button', { name: '2 Beispiele hinzufügen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls).toEqual([
      { format: 'lines', branch: 'Preis', text: 'Viel zu teuer\nzu teuer!\nQualität mies', dry_run: true },
      { format: 'lines', branch: 'Preis', text: 'Viel zu teuer\nzu teuer!\nQualität mies', dry_run: false },
    ]);
  });

  it('shows a refused row at the field in German, and a new text asks for a new check', async () => {
    const msg = 'text: Zeile 2: höchstens 1000 Zeichen';
    api.answer = () => Promise.reject(Object.assign(new Error(msg), { status: 400, title: 'x', msg }));
    const onClose = open();
    const field = screen.getByLabelText('Ein Beispiel pro Zeile');
    fireEvent.change(field, { target: { value: `ok\n${'x'.repeat(1001)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
    expect(await screen.findByText('Zeile 2: höchstens 1000 Zeichen')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'ok' } });
    expect(screen.queryByText('Zeile 2: höchstens 1000 Zeichen')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
