/**
 * Free-text routing on the German set in ../shared/data/nlu-de (issue 19): six open questions, each its
 * own block with its own model trained on its `train` rows exactly as the product trains, scored on its
 * `test` rows; micro accuracy pools the 690 test answers ('keiner davon' is an ordinary label, and the
 * product's "no match" counts as it). Both error kinds are reported: answers of a branch sent to 'keiner
 * davon', and 'keiner davon' answers routed to a branch (beside answers misrouted to another branch).
 *
 * Protocol: every setting is chosen with `--cv`, which reads the `train` rows only (the `test` rows are
 * dropped before anything else is done): stratified 5-fold cross-validation of each question over five
 * fixed seeds, pooled like the test figure. Options for a trial go in as JSON, as in nlu-corpora.ts:
 * `--cv '{"softmax":{"c":3}}'`. Without `--cv` the test rows are scored once, with the defaults.
 *
 *   npx tsx bench/nlu-de.ts [--cv [TRAIN_OPTIONS_JSON]]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Example, TrainOptions } from '../server/training/classifier.ts';
import {
  crossValidate,
  type ErrorKinds,
  type Evaluation,
  errorKinds,
  evaluate,
} from '../server/training/evaluate.ts';
import { sharedData } from './_shared-data.ts';

const dir = sharedData('nlu-de');
const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => /^q\d.*\.csv$/.test(f))
      .sort()
  : [];
if (files.length === 0) {
  console.log(`nlu-de: skipped, the set is not in ${dir}`);
  process.exit(0);
}

interface Row {
  label: string;
  text: string;
  split: string;
}

function load(file: string, split: 'train' | 'test'): Example[] {
  const rows = parse(readFileSync(join(dir, file), 'utf8'), { columns: true, bom: true }) as Row[];
  return rows.filter((r) => r.split === split).map((r) => ({ label: r.label, text: r.text }));
}

const name = (file: string) => file.replace(/\.csv$/, '');
const f4 = (x: number) => x.toFixed(4);

/** Pooled counts over several evaluations. */
class Tally {
  right = 0;
  total = 0;
  kinds: ErrorKinds = { branchToNone: 0, noneToBranch: 0, branchToBranch: 0 };
  add(e: Evaluation): void {
    this.right += Math.round(e.accuracy * e.examples);
    this.total += e.examples;
    const k = errorKinds(e);
    this.kinds.branchToNone += k.branchToNone;
    this.kinds.noneToBranch += k.noneToBranch;
    this.kinds.branchToBranch += k.branchToBranch;
  }
  get accuracy(): number {
    return this.total === 0 ? 0 : this.right / this.total;
  }
  errors(): string {
    const { branchToNone, noneToBranch, branchToBranch } = this.kinds;
    return `branch->none ${branchToNone} none->branch ${noneToBranch} branch->other ${branchToBranch}`;
  }
}

function crossValidation(options: TrainOptions): void {
  const seeds = [1, 2, 3, 4, 5];
  const all = new Tally();
  for (const file of files) {
    const examples = load(file, 'train');
    const q = new Tally();
    for (const seed of seeds) q.add(crossValidate(examples, 5, seed, options));
    for (const key of Object.keys(q.kinds) as (keyof ErrorKinds)[]) all.kinds[key] += q.kinds[key];
    all.right += q.right;
    all.total += q.total;
    console.log(`${name(file)}: cv accuracy ${f4(q.accuracy)} (${q.errors()}; train ${examples.length})`);
  }
  console.log(`errors over ${seeds.length} seeds: ${all.errors()}`);
  console.log(`nlu_de_cv_micro_accuracy: ${f4(all.accuracy)}`);
}

const cvAt = process.argv.indexOf('--cv');
if (cvAt !== -1) {
  crossValidation(JSON.parse(process.argv[cvAt + 1] ?? '{}') as TrainOptions);
  process.exit(0);
}

const all = new Tally();
let meanAccuracy = 0;
let trainMs = 0;
let classifyUs = 0;
for (const file of files) {
  const trainSet = load(file, 'train');
  const testSet = load(file, 'test');
  const r = evaluate(trainSet, testSet);
  const q = new Tally();
  q.add(r);
  all.add(r);
  meanAccuracy += r.accuracy / files.length;
  trainMs = Math.max(trainMs, r.trainMs);
  classifyUs += (r.classifyUs * r.examples) / 690;
  console.log(
    `${name(file)}: accuracy ${f4(r.accuracy)} macro_f1 ${f4(r.macroF1)} (${q.errors()}; ` +
      `train ${trainSet.length}, test ${testSet.length}, ${r.trainMs.toFixed(0)} ms training)`,
  );
}
console.log(`errors: ${all.errors()} of ${all.total}`);
console.log(`nlu_de_mean_accuracy: ${f4(meanAccuracy)}`);
console.log(`nlu_de_max_train_ms: ${trainMs.toFixed(0)}`);
console.log(`nlu_de_classify_us_per_answer: ${classifyUs.toFixed(1)}`);
console.log(`nlu_de_micro_accuracy: ${f4(all.accuracy)} (target >= 0.65)`);
