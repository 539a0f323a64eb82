/** The `nlu:evaluate` command: reads the example files and reports how the product's training routes. */
import { readFileSync } from 'node:fs';
import type { Example } from './classifier.ts';
import { parseCorpus, parseCsvExamples } from './datasets.ts';
import { evaluate, formatReport } from './evaluate.ts';

export interface EvaluateArgs {
  train?: string;
  test?: string;
  corpus?: string;
}

export function loadSets(args: EvaluateArgs): { train: Example[]; test: Example[] } {
  if (args.corpus) return parseCorpus(readFileSync(args.corpus, 'utf8'));
  if (!args.train || !args.test)
    throw new Error('--train und --test (CSV mit label,text) oder --corpus fehlen');
  return {
    train: parseCsvExamples(readFileSync(args.train, 'utf8')),
    test: parseCsvExamples(readFileSync(args.test, 'utf8')),
  };
}

export function nluEvaluate(args: EvaluateArgs): string[] {
  const { train, test } = loadSets(args);
  if (train.length === 0) throw new Error('Keine Trainingsbeispiele');
  // As the product (trainer.ts): one label alone routes nothing.
  if (new Set(train.map((e) => e.label)).size < 2) {
    throw new Error('Zum Trainieren braucht es Beispiele mit mindestens zwei Labels');
  }
  // An empty test set would score 0 and look like a result.
  if (test.length === 0) throw new Error('Keine Testbeispiele');
  return formatReport(evaluate(train, test), train.length);
}
