import { type ExampleRoute, NONE_BRANCH, routeAt, type TrainingMetrics } from '../../../contract/training.ts';

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

/**
 * What a threshold does to the author's examples (their cross-validated routes, routeAt): how many go
 * where they belong, how many of a branch go to 'keiner davon', and how many to a wrong branch ('keiner
 * davon' examples routed to a branch included).
 */
export function thresholdEffect(
  routes: readonly ExampleRoute[],
  threshold: number,
): { right: number; toNone: number; misrouted: number; all: number } {
  const out = { right: 0, toNone: 0, misrouted: 0, all: routes.length };
  for (const route of routes) {
    const routed = routeAt(route, threshold);
    if (routed === route.expected) out.right++;
    else if (routed === NONE_BRANCH) out.toNone++;
    else out.misrouted++;
  }
  return out;
}

/** The examples of `branch` the cross-validation took for `other` (as the metrics list them). */
export const confusedExamples = (misrouted: TrainingMetrics['misrouted'], branch: string, other: string) =>
  misrouted.filter((m) => m.expected === branch && m.predicted === other).map((m) => m.text);
