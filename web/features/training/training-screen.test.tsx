// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import type { Block } from '../../../contract/blocks.ts';
import type { ExamplesResponse, StatusResponse, TrainingMetrics } from '../../../contract/training.ts';
import { NONE_BRANCH } from '../../../contract/training.ts';
import { BlockTraining } from './BlockTraining.tsx';
import { BranchCard } from './BranchCard.tsx';
import { ExampleRow } from './ExampleRow.tsx';
import { InboxPanel } from './InboxPanel.tsx';
import { MetricsView } from './MetricsView.tsx';
import { KEY_SAVE_DELAY_MS, ThresholdSlider } from './ThresholdSlider.tsx';
import { TrainPanel } from './TrainPanel.tsx';
import type { TrainableBlock } from './training-rules.ts';

/**
 * The training screen with many examples stays quick: typing in a card's field or editing one example
 * renders no other example row. And what the screen says: the counter in singular and plural, why
 * 'Trainieren' cannot start, a note instead of meaningless metrics, the author's own mark in the inbox,
 * and one threshold save after keyboard steps.
 */

// The screen's data without a server: BlockTraining reads it through these hooks.
const api = vi.hoisted(() => ({
  examples: undefined as unknown,
  mutate: (_: unknown) => {},
  mutateAsync: (_: unknown) => Promise.resolve({ msg: 'success', id: 1 }) as Promise<unknown>,
}));
vi.mock('./training-api.ts', () => ({
  useExamples: () => ({ data: api.examples, error: null }),
  useJumps: () => ({ data: [], error: null }),
  useTrainingStatus: () => ({ data: undefined }),
  useInbox: () => ({ data: [] }),
  useTrainingAction: () => ({ mutate: api.mutate, mutateAsync: api.mutateAsync, isPending: false }),
}));

/** Counts renders of ExampleRow by example id: the memo's inner component, wrapped. */
type MemoObject = { $$typeof: symbol; type: (props: { id: number }) => ReactNode };
const memoRow = ExampleRow as unknown as MemoObject;
const innerRow = memoRow.type;
let renders = new Map<number, number>();
beforeEach(() => {
  renders = new Map();
  memoRow.type = (props) => {
    renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
    return innerRow(props);
  };
});
afterEach(() => {
  memoRow.type = innerRow;
  cleanup();
  vi.useRealTimers();
});
const totalRenders = () => [...renders.values()].reduce((a, b) => a + b, 0);

const BRANCHES = [
  { branch: 'Preis', label: 'Preis' },
  { branch: 'Qualität', label: 'Qualität' },
  { branch: NONE_BRANCH, label: 'keiner davon' },
];
const examples = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, text: `Beispiel ${from + i}` }));

function card(list: { id: number; text: string }[]) {
  const onUpdate = vi.fn(() => Promise.resolve());
  const onRemove = vi.fn();
  render(
    <BranchCard
      branch="Preis"
      label="Preis"
      target="nächster Block"
      examples={list}
      branches={BRANCHES}
      busy={false}
      onAdd={() => Promise.resolve()}
      onUpdate={onUpdate}
      onRemove={onRemove}
      onPasteMany={() => {}}
    />,
  );
  return { onUpdate, onRemove };
}

describe('many examples', () => {
  it('are memoised rows', () => {
    expect(memoRow.$$typeof).toBe(Symbol.for('react.memo'));
  });

  it('typing in the new-example field renders no example row again', () => {
    card(examples(67));
    expect(totalRenders()).toBe(67);
    renders.clear();
    const field = screen.getByLabelText('Neues Beispiel für „Preis“');
    let typed = '';
    for (const c of 'Viel zu teuer für das was es ist') {
      typed += c;
      fireEvent.change(field, { target: { value: typed } });
    }
    expect((field as HTMLInputElement).value).toBe(typed);
    expect(totalRenders()).toBe(0);
  });

  it('editing one example renders that row only', () => {
    card(examples(30));
    renders.clear();
    const row = screen.getByText('Beispiel 5').closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Beispiel bearbeiten' }));
    const edit = within(row).getByRole('textbox', { name: 'Beispiel bearbeiten' });
    fireEvent.change(edit, { target: { value: 'Beispiel 5!' } });
    fireEvent.change(edit, { target: { value: 'Beispiel 5!!' } });
    expect([...renders.keys()]).toEqual([5]);
  });

  it('moves an example through a menu opened on demand', () => {
    const { onUpdate } = card(examples(3));
    expect(screen.queryByRole('menu')).toBeNull();
    const row = screen.getByText('Beispiel 2').closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Verschieben nach' }));
    const menu = screen.getByRole('menu', { name: 'Verschieben nach' });
    expect(within(menu).getByRole('menuitem', { name: 'Preis' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'keiner davon' }));
    expect(onUpdate).toHaveBeenCalledWith(2, { branch: NONE_BRANCH });
  });

  it('on the screen, a new example in one branch renders no row of the others again', () => {
    const data = (preis: number, qualitaet: number): ExamplesResponse => ({
      branches: [
        { branch: 'Preis', label: 'Preis', examples: examples(preis), count: preis, hint: '' },
        {
          branch: 'Qualität',
          label: 'Qualität',
          examples: examples(qualitaet, 1000),
          count: qualitaet,
          hint: '',
        },
      ],
      none: { branch: NONE_BRANCH, label: 'keiner davon', examples: [], count: 0, hint: '' },
      duplicates: [],
    });
    const block = {
      type: 'open_text',
      unique_question_id: 'q1',
      order: 1,
      options: ['Preis', 'Qualität'],
      short_name: 'Warum?',
      context: '',
    } as unknown as TrainableBlock;
    const blocks: Block[] = [block];
    api.examples = data(40, 40);
    const view = render(<BlockTraining surveyId="s1" block={block} blocks={blocks} />);
    expect(totalRenders()).toBe(80);
    // The author learns that the branch names count besides the examples.
    expect(screen.getByText(/Auch der Name eines Zweigs zählt/)).toBeTruthy();
    renders.clear();
    // The examples reload with one more in Qualität; the unchanged rows keep their objects.
    const before = api.examples as ExamplesResponse;
    const next = data(40, 41);
    next.branches[0] = before.branches[0]!;
    next.branches[1]!.examples = [...before.branches[1]!.examples, next.branches[1]!.examples[40]!];
    api.examples = next;
    view.rerender(<BlockTraining surveyId="s1" block={block} blocks={blocks} />);
    expect([...renders.keys()]).toEqual([1040]);
  });
});

describe('the counter', () => {
  it('says Beispiel for one and Beispiele otherwise', () => {
    card(examples(1));
    expect(screen.getByText('1 Beispiel')).toBeTruthy();
    cleanup();
    card(examples(3));
    expect(screen.getByText('3 Beispiele')).toBeTruthy();
    cleanup();
    card([]);
    expect(screen.getByText('0 Beispiele')).toBeTruthy();
    expect(screen.getByText(/Mindestens 3 Beispiele/)).toBeTruthy();
  });

  it("asks for no examples of 'keiner davon': they are optional", () => {
    render(
      <BranchCard
        branch={NONE_BRANCH}
        label="keiner davon"
        target="nächster Block"
        examples={[]}
        branches={BRANCHES}
        busy={false}
        onAdd={() => Promise.resolve()}
        onUpdate={() => Promise.resolve()}
        onRemove={() => {}}
        onPasteMany={() => {}}
      />,
    );
    expect(screen.getByText(/^Optional: Beispiele für Antworten, die zu keinem Zweig passen/)).toBeTruthy();
    expect(screen.queryByText(/Mindestens 3 Beispiele/)).toBeNull();
  });
});

const STATUS: StatusResponse = {
  status: 'needs_training',
  progress: 0,
  version: 0,
  metrics: null,
  threshold: 0.3,
};

function panel(canTrain: boolean, status: StatusResponse = STATUS) {
  const onTrain = vi.fn();
  render(
    <TrainPanel
      status={status}
      options={['Preis', 'Qualität']}
      canTrain={canTrain}
      busy={false}
      labelOf={(b) => (b === NONE_BRANCH ? 'keiner davon' : b)}
      onTrain={onTrain}
      onThreshold={() => {}}
    />,
  );
  return onTrain;
}

describe("'Trainieren'", () => {
  it('is off without examples in two branches and says why beside it', () => {
    panel(false);
    const button = screen.getByRole('button', { name: 'Trainieren' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const hint = screen.getByText(/mindestens zwei Zweigen/);
    expect(button.getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('starts with examples in two branches', () => {
    const onTrain = panel(true);
    const button = screen.getByRole('button', { name: 'Trainieren' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(screen.queryByText(/mindestens zwei Zweigen/)).toBeNull();
    fireEvent.click(button);
    expect(onTrain).toHaveBeenCalledOnce();
  });
});

describe('metrics', () => {
  const labelOf = (b: string) => (b === NONE_BRANCH ? 'keiner davon' : b);
  it('with one example in a branch: a note instead of 0 % and the matrix', () => {
    const metrics: TrainingMetrics = {
      accuracy: 0,
      per_branch: [
        { branch: 'Preis', precision: 0, recall: 0 },
        { branch: 'Qualität', precision: 0, recall: 0 },
      ],
      confusion: {
        labels: ['Preis', 'Qualität'],
        matrix: [
          [0, 1],
          [1, 0],
        ],
      },
      misrouted: [],
    };
    render(<MetricsView metrics={metrics} options={['Preis', 'Qualität']} labelOf={labelOf} />);
    expect(screen.queryByTestId('training-accuracy')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    const note = screen.getByTestId('training-too-few');
    expect(note.textContent).toContain('Zu wenige Beispiele, um die Genauigkeit zu messen');
    expect(note.textContent).toContain('mit Beispielen mindestens 2');
    expect(note.textContent).toContain('Preis, Qualität');
  });

  it('with enough examples: accuracy and the matrix', () => {
    const metrics: TrainingMetrics = {
      accuracy: 0.5,
      per_branch: [
        { branch: 'Preis', precision: 1, recall: 0.5 },
        { branch: NONE_BRANCH, precision: 0, recall: 0 },
      ],
      confusion: {
        labels: ['Preis', NONE_BRANCH],
        matrix: [
          [1, 1],
          [0, 0],
        ],
      },
      misrouted: [],
    };
    render(<MetricsView metrics={{ ...metrics }} options={['Preis']} labelOf={labelOf} />);
    expect(screen.getByTestId('training-accuracy').textContent).toMatch(/^50\s%$/);
    // The tables are behind 'Details'.
    expect(screen.queryByRole('table')).toBeNull();
    const details = screen.getByRole('button', { name: 'Details' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    const matrix = screen.getByRole('table', { name: 'Verwechslungsmatrix' });
    expect(matrix.querySelector('caption')?.textContent).toBe(
      'Zeilen: erwarteter Zweig, Spalten: erkannter Zweig',
    );
    expect([...matrix.querySelectorAll('th[scope="row"]')].map((th) => th.textContent)).toEqual([
      'Preis',
      'keiner davon',
    ]);
    expect(screen.queryByTestId('training-too-few')).toBeNull();
    // 'keiner davon' had no examples: its recall is not 0 %, it is not measured.
    const rows = screen.getByRole('table', { name: 'Präzision / Trefferquote' }).querySelectorAll('tbody tr');
    // Intl puts a no-break space before '%'.
    const cells = (r: Element) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent?.replace(/\s/g, ' '));
    expect([...rows].map(cells)).toEqual([
      ['Preis', '100 %', '50 %'],
      ['keiner davon', '0 %', '–'],
    ]);
  });

  it('says per branch what it was taken for, and shows those examples on request', () => {
    const metrics: TrainingMetrics = {
      accuracy: 0.5,
      per_branch: [
        { branch: 'Preis', precision: 0.5, recall: 0.33 },
        { branch: 'Qualität', precision: 0.5, recall: 0.67 },
      ],
      confusion: {
        labels: ['Preis', 'Qualität', NONE_BRANCH],
        matrix: [
          [1, 2, 0],
          [0, 2, 1],
          [0, 0, 0],
        ],
      },
      misrouted: [
        { text: 'Billig ist anders', expected: 'Preis', predicted: 'Qualität' },
        { text: 'Zu viel Geld', expected: 'Preis', predicted: 'Qualität' },
        { text: 'Naht offen', expected: 'Qualität', predicted: NONE_BRANCH },
      ],
    };
    render(<MetricsView metrics={metrics} options={['Preis', 'Qualität']} labelOf={labelOf} />);
    expect(screen.getByTestId('training-right-of-all').textContent).toBe(
      '3 von 6 Beispielen richtig erkannt (jedes Beispiel wurde von einem Modell ohne dieses Beispiel eingeordnet)',
    );
    const advice = within(screen.getByRole('list', { name: 'Nächste Schritte' }));
    expect(advice.getByText(/„Preis“ wird oft mit „Qualität“ verwechselt:/)).toBeTruthy();
    expect(advice.getByText(/„Qualität“ geht oft zu „keiner davon“: mehr Beispiele angeben/)).toBeTruthy();
    const show = advice.getByRole('button', { name: 'diese 2 Beispiele ansehen' });
    fireEvent.click(show);
    const shown = screen.getByRole('list', { name: 'Beispiele von „Preis“, erkannt als „Qualität“' });
    expect([...shown.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Billig ist anders',
      'Zu viel Geld',
    ]);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(advice.getByRole('button', { name: 'dieses Beispiel ansehen' })).toBeTruthy();
  });
});

describe('the inbox', () => {
  it("shows a flagged answer's branch as the author's mark, an unsure one's as the suggestion", () => {
    render(
      <InboxPanel
        items={[
          {
            id: 1,
            unique_question_id: 'q',
            text: 'Reißverschluss ab',
            branch: 'Qualität',
            confidence: 0.4,
            flagged: true,
            created_at: 2,
          },
          {
            id: 2,
            unique_question_id: 'q',
            text: 'hmm',
            branch: 'Preis',
            confidence: 0.2,
            flagged: false,
            created_at: 1,
          },
        ]}
        branches={BRANCHES}
        busy={false}
        labelOf={(b) => b}
        onAssign={() => {}}
        onDismiss={() => {}}
      />,
    );
    const flagged = screen.getByRole('listitem', { name: 'Reißverschluss ab' });
    expect(within(flagged).getByText('Ihre Markierung: Qualität')).toBeTruthy();
    expect(within(flagged).queryByText(/Vorschlag/)).toBeNull();
    const unsure = screen.getByRole('listitem', { name: 'hmm' });
    expect(within(unsure).getByText('Vorschlag: Preis')).toBeTruthy();
  });
});

describe('threshold slider', () => {
  const slider = (onSave: (v: number) => void, value = 0.2875) => {
    const view = render(<ThresholdSlider value={value} onSave={onSave} />);
    const input = view.container.querySelector('input[type="range"]') as HTMLInputElement;
    return { view, input };
  };
  const shown = () => screen.getByTestId('training-threshold').textContent;

  it('saves once after keyboard steps pause, showing every step at once', () => {
    vi.useFakeTimers();
    const onSave = vi.fn();
    const { input } = slider(onSave);
    for (let i = 0; i < 5; i++) {
      fireEvent.keyDown(input, { key: 'ArrowRight' });
      act(() => vi.advanceTimersByTime(KEY_SAVE_DELAY_MS - 100));
    }
    expect(shown()).toMatch(/^34\s%$/);
    expect(onSave).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(KEY_SAVE_DELAY_MS));
    expect(onSave.mock.calls).toEqual([[0.34]]);
  });

  it('saves waiting steps when it loses the focus or goes away, and nothing when back at the start', () => {
    vi.useFakeTimers();
    const onSave = vi.fn();
    const { input, view } = slider(onSave, 0.3);
    fireEvent.keyDown(input, { key: 'ArrowLeft' });
    fireEvent.keyDown(input, { key: 'ArrowLeft' });
    fireEvent.blur(input);
    expect(onSave.mock.calls).toEqual([[0.28]]);
    view.rerender(<ThresholdSlider value={0.28} onSave={onSave} />);
    fireEvent.keyDown(input, { key: 'ArrowRight' });
    view.unmount();
    expect(onSave.mock.calls).toEqual([[0.28], [0.29]]);
    act(() => vi.advanceTimersByTime(KEY_SAVE_DELAY_MS * 2));
    expect(onSave).toHaveBeenCalledTimes(2);

    const again = vi.fn();
    const second = slider(again, 0.3);
    fireEvent.keyDown(second.input, { key: 'ArrowRight' });
    fireEvent.keyDown(second.input, { key: 'ArrowLeft' });
    act(() => vi.advanceTimersByTime(KEY_SAVE_DELAY_MS));
    expect(again).not.toHaveBeenCalled();
  });

  it("tells while it moves what the threshold does to the author's examples", () => {
    const routes = [
      { expected: 'Preis', top: 'Preis', limit: 0.8 },
      { expected: 'Preis', top: 'Qualität', limit: 0.5 },
      { expected: 'Qualität', top: 'Qualität', limit: 0.4 },
    ];
    const view = render(<ThresholdSlider value={0.3} onSave={() => {}} routes={routes} />);
    const effect = () => screen.getByTestId('threshold-effect').textContent;
    expect(effect()).toBe(
      'Mit dieser Schwelle: 2 von 3 Beispielen richtig, 0 zu „keiner davon“, 1 falsch zugeordnet.',
    );
    const input = view.container.querySelector('input[type="range"]') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '0.6' } });
    expect(shown()).toMatch(/^60\s%$/);
    expect(effect()).toBe(
      'Mit dieser Schwelle: 1 von 3 Beispielen richtig, 2 zu „keiner davon“, 0 falsch zugeordnet.',
    );
  });

  it('shows a new stored value', () => {
    const { view } = slider(() => {}, 0.3);
    expect(shown()).toMatch(/^30\s%$/);
    view.rerender(<ThresholdSlider value={0.45} onSave={() => {}} />);
    expect(shown()).toMatch(/^45\s%$/);
  });
});
