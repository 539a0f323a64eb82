import type { TrainingMetrics } from '../../../contract/training.ts';

type Confusion = TrainingMetrics['confusion'];

/** How many examples the cross-validation routed right, of how many (the confusion matrix's diagonal). */
export function rightOfAll(confusion: Confusion): { right: number; all: number } {
  let right = 0;
  let all = 0;
  confusion.matrix.forEach((row, i) => {
    row.forEach((n, j) => {
      all += n;
      if (i === j) right += n;
    });
  });
  return { right, all };
}

/**
 * What to do next, per branch: the branch its examples were most often taken for, when any was (ties:
 * the first in the matrix's order). One entry per branch with mistakes, in the matrix's order.
 */
export function confusedWith(confusion: Confusion): { branch: string; with: string; count: number }[] {
  return confusion.labels.flatMap((branch, i) => {
    let best = -1;
    confusion.matrix[i]?.forEach((n, j) => {
      if (j !== i && n > 0 && (best === -1 || n > (confusion.matrix[i]?.[best] ?? 0))) best = j;
    });
    return best === -1
      ? []
      : [{ branch, with: confusion.labels[best] ?? '', count: confusion.matrix[i]?.[best] ?? 0 }];
  });
}
