/** The `nlu:evaluate` command: reads the example files and reports how the product's training routes. */
import { readFileSync } from 'node:fs';
import type { Example } from './classifier.ts';
import { parseCorpus, parseCsvExamples } from './datasets.ts';
import { evaluate, formatReport } from './evaluate.ts';
import { evaluateWithServices, type Services } from './semantic-evaluate.ts';

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

/**
 * The report; with embeddings or a language model configured (services), routed with them as the chat
 * routes, and the report says how.
 */
export async function nluEvaluate(args: EvaluateArgs, services?: Services): Promise<string[]> {
  const { train, test } = loadSets(args);
  if (train.length === 0) throw new Error('Keine Trainingsbeispiele');
  // As the product (trainer.ts): one label alone routes nothing.
  if (new Set(train.map((e) => e.label)).size < 2) {
    throw new Error('Zum Trainieren braucht es Beispiele mit mindestens zwei Labels');
  }
  // An empty test set would score 0 and look like a result.
  if (test.length === 0) throw new Error('Keine Testbeispiele');
  if (!services || (services.embedder === null && services.llm === null)) {
    return ['backend: lexical', ...formatReport(evaluate(train, test), train.length)];
  }
  const { result, lines } = await evaluateWithServices(train, test, services);
  const backend = ['lexical', ...(services.embedder ? ['embeddings'] : []), ...(services.llm ? ['llm'] : [])];
  return [`backend: ${backend.join(' + ')}`, ...lines, ...formatReport(result, train.length)];
}
