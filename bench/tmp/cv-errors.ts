// Throwaway: CV errors on the German TRAIN rows only (noisy held-out), to see kinds of errors.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { classify, train } from '../../server/training/classifier.ts';
import { stratifiedFolds } from '../../server/training/folds.ts';
import { noiseOf } from '../../server/training/noise.ts';
const file = process.argv[2]!;
const rows = (parse(readFileSync(`/work/shared/data/nlu-de/${file}`, 'utf8'), { columns: true, bom: true }) as { label: string; text: string; split: string }[]).filter((r) => r.split === 'train');
const seed = 1;
const fold = stratifiedFolds(rows.map((r) => r.label), 5, seed);
const noise = noiseOf(seed);
for (let f = 0; f < 5; f++) {
  const m = train(rows.filter((_, i) => fold[i] !== f), { language: 'de' });
  rows.forEach((r, i) => {
    if (fold[i] !== f) return;
    const text = noise(r.text, i);
    const c = classify(m, text);
    const got = c.label ?? 'NONE';
    if (got !== r.label && !(c.label === null && /keiner|none|sonstig/i.test(r.label))) console.log(`${r.label} -> ${got} (${c.ranking[0]!.label} ${c.ranking[0]!.confidence.toFixed(2)}) | ${r.text} | ${text}`);
  });
}
