import { describe, expect, it } from 'vitest';
import type { Example } from './classifier.ts';
import { parseCorpus, parseCsvExamples } from './datasets.ts';
import { crossValidate, evaluate, formatReport, NONE, score } from './evaluate.ts';

const examples: Example[] = [
  ...[
    'zu teuer',
    'der Preis ist zu hoch',
    'kostet zu viel',
    'viel zu teuer',
    'Preise gestiegen',
    'Gebühren zu hoch',
  ].map((text) => ({ label: 'Preis', text })),
  ...[
    'Hotline schlecht',
    'Service unfreundlich',
    'niemand hilft',
    'Support antwortet nicht',
    'Kundendienst mies',
    'schlechter Service',
  ].map((text) => ({ label: 'Service', text })),
  ...[
    'Umzug ins Ausland',
    'ich ziehe um',
    'wir sind umgezogen',
    'Umzug nach Köln',
    'neue Wohnung im Ausland',
    'ziehe nach Österreich',
  ].map((text) => ({ label: 'Umzug', text })),
  ...['keine Ahnung', 'weiß nicht', 'egal', 'kein Kommentar'].map((text) => ({ label: 'none', text })),
];

describe('score', () => {
  it('computes accuracy, macro-F1, per-label figures, the confusion matrix and misrouted answers', () => {
    const gold: Example[] = [
      { label: 'a', text: '1' },
      { label: 'a', text: '2' },
      { label: 'b', text: '3' },
      { label: 'None', text: '4' },
    ];
    const r = score(gold, [
      { label: 'a', confidence: 0.9 },
      { label: 'b', confidence: 0.6 },
      { label: 'b', confidence: 0.8 },
      { label: NONE, confidence: 0.7 },
    ]);
    expect(r.accuracy).toBe(0.75);
    expect(r.confusion).toEqual({
      labels: ['None', 'a', 'b'],
      matrix: [
        [1, 0, 0],
        [0, 1, 1],
        [0, 0, 1],
      ],
    });
    expect(r.perLabel.find((s) => s.label === 'a')).toMatchObject({ precision: 1, recall: 0.5, support: 2 });
    expect(r.perLabel.find((s) => s.label === 'b')).toMatchObject({ precision: 0.5, recall: 1, support: 1 });
    expect(r.macroF1).toBeCloseTo((1 + 2 / 3 + 2 / 3) / 3, 10);
    expect(r.misrouted).toEqual([{ text: '2', label: 'a', predicted: 'b', confidence: 0.6 }]);
  });
});

describe('crossValidate', () => {
  it('gives the same figures for the same seed', () => {
    const a = crossValidate(examples, 4, 42);
    const b = crossValidate(examples, 4, 42);
    expect(b).toEqual(a);
    expect(a.examples).toBe(22);
    expect(a.confusion.matrix.flat().reduce((x, y) => x + y, 0)).toBe(22);
    expect(a.confusion.labels).toContain(NONE);
    // Fixed figures of this set and seed; a change of the features or the training shows here.
    expect({ accuracy: a.accuracy.toFixed(4), macroF1: a.macroF1.toFixed(4) }).toMatchInlineSnapshot(`
      {
        "accuracy": "0.7273",
        "macroF1": "0.7429",
      }
    `);
    expect(a.accuracy).toBeGreaterThanOrEqual(0.7);
  });
});

describe('evaluate and datasets', () => {
  it('trains on one set, scores the other and reports with the fixed last line', () => {
    const r = evaluate(examples, [
      { label: 'Preis', text: 'VIEL zu teuer!' },
      { label: 'Umzug', text: 'umzug nach koeln' },
      { label: 'None', text: 'weiss nicht' },
    ]);
    expect(r.accuracy).toBe(1);
    expect(r.classifyUs).toBeGreaterThan(0);
    const lines = formatReport(r, examples.length);
    expect(lines.at(-1)).toBe('accuracy: 1.0000 macro_f1: 1.0000');
    expect(lines).toContain('none_precision: 1.0000 none_recall: 1.0000');
  });

  it('reads CSV with a label,text header and the JSON corpora', () => {
    expect(parseCsvExamples('\uFEFFlabel,text\nPreis,"zu teuer, wirklich"\n\nService, schlecht \n')).toEqual([
      { label: 'Preis', text: 'zu teuer, wirklich' },
      { label: 'Service', text: 'schlecht' },
    ]);
    expect(() => parseCsvExamples('a,b\n1,2\n')).toThrow(/label,text/);
    expect(() => parseCsvExamples('')).toThrow(/label,text/);
    // Columns are found by name; rows the file does not mean as written are refused with their line.
    expect(parseCsvExamples('text,label\nzu teuer,Preis\n')).toEqual([{ label: 'Preis', text: 'zu teuer' }]);
    expect(() => parseCsvExamples('label,text\nPreis,ok\nLieferung,a,b,c\n')).toThrow(
      /Zeile 3: 4 statt 2 Felder/,
    );
    expect(() => parseCsvExamples('label,text\nPreis,\n')).toThrow(/Zeile 2: label und text/);
    expect(() => parseCsvExamples('label,text\nPreis,"offen\n')).toThrow(/^CSV nicht lesbar: /);
    const corpus = parseCorpus(
      JSON.stringify({
        sentences: [
          { text: 'x', intent: 'A', training: true },
          { text: 'y', intent: 'B', training: false },
        ],
      }),
    );
    expect(corpus).toEqual({ train: [{ label: 'A', text: 'x' }], test: [{ label: 'B', text: 'y' }] });
    expect(() => parseCorpus('{}')).toThrow(/sentences/);
  });
});
