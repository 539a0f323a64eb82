// Temporary probe (not committed): CV accuracy when the none class's score is lowered by delta.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { classify, isNoneLabel, train, type TrainOptions } from '../server/training/classifier.ts';
import { stratifiedFolds } from '../server/training/folds.ts';
import { noiseOf } from '../server/training/noise.ts';
import { sharedData } from './_shared-data.ts';

const dir = sharedData('nlu-de');
const options = JSON.parse(process.argv[2] ?? '{}') as TrainOptions;
const noisy = process.argv.includes('--noisy');
const deltas = [-1, -0.5, 0, 0.25, 0.5, 0.75, 1, 1.5, 2];
const right = deltas.map(() => 0);
let total = 0;
let top2 = 0;
for (const file of readdirSync(dir).filter((f) => /^q\d.*\.csv$/.test(f)).sort()) {
  const rows = (parse(readFileSync(join(dir, file), 'utf8'), { columns: true, bom: true }) as { label: string; text: string; split: string }[])
    .filter((r) => r.split === 'train');
  for (const seed of [1, 2, 3, 4, 5]) {
    const fold = stratifiedFolds(rows.map((r) => r.label), 5, seed);
    const noise = noiseOf(seed);
    for (let f = 0; f < 5; f++) {
      const model = train(rows.filter((_, i) => fold[i] !== f), options);
      rows.forEach((r, i) => {
        if (fold[i] !== f) return;
        const c = classify(model, noisy ? noise(r.text, i) : r.text);
        total++;
        if (c.ranking.slice(0, 2).some((x) => x.label === r.label)) top2++;
        deltas.forEach((d, k) => {
          let best = c.ranking[0]!;
          if (isNoneLabel(best.label) && c.ranking[1] && c.ranking[1].confidence * Math.exp(d) > best.confidence) best = c.ranking[1];
          let predicted = best.label;
          if (!isNoneLabel(best.label) && c.label === null && best === c.ranking[0]) predicted = 'keiner davon';
          if (predicted === r.label) right[k]!++;
        });
      });
    }
  }
}
console.log(deltas.map((d, k) => `${d}: ${(right[k]! / total).toFixed(4)}`).join('  '), `top2 ${(top2 / total).toFixed(4)}`);
