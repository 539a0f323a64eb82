import { parentPort, workerData } from 'node:worker_threads';
import { type Example, train } from './classifier.ts';
import { crossValidate } from './evaluate.ts';
import { fitSemantic, trainSemantic } from './semantic.ts';
import type { ExampleVectors } from './semantic-training.ts';

/**
 * The training of one block in a worker thread (trainer.ts), so the server's event loop never waits
 * for it: cross-validation for the metrics, then the model on all examples. Posts progress, then the
 * result or the error.
 */

export interface TrainJob {
  examples: Example[];
  folds: number;
  seed: number;
  /** The examples' embeddings (in their order) when configured: the model mixes them in (semantic.ts). */
  semantic?: ExampleVectors;
}

export type TrainMessage =
  | { kind: 'progress'; progress: number }
  | { kind: 'done'; model: string; evaluation: ReturnType<typeof crossValidate> }
  | { kind: 'failed'; error: string };

const port = parentPort!;
const job = workerData as TrainJob;
try {
  port.postMessage({ kind: 'progress', progress: 0.05 } satisfies TrainMessage);
  const { semantic } = job;
  if (semantic) {
    // The cross-validation chooses the embeddings' weight; its evaluation is that of the chosen mix.
    const fit = fitSemantic(job.examples, semantic.vectors, job.folds, job.seed);
    port.postMessage({ kind: 'progress', progress: 0.8 } satisfies TrainMessage);
    const model = JSON.stringify(trainSemantic(job.examples, semantic.vectors, semantic.model, fit));
    port.postMessage({ kind: 'done', model, evaluation: fit.evaluation } satisfies TrainMessage);
  } else {
    const evaluation = crossValidate(job.examples, job.folds, job.seed);
    port.postMessage({ kind: 'progress', progress: 0.8 } satisfies TrainMessage);
    const model = JSON.stringify(train(job.examples));
    port.postMessage({ kind: 'done', model, evaluation } satisfies TrainMessage);
  }
} catch (error) {
  port.postMessage({ kind: 'failed', error: String(error) } satisfies TrainMessage);
}
