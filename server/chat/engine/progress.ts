import { type DialogFlow, INPUT_TYPES, successors } from '../../../contract/dialog-flow.ts';
import type { ChatState, EngineResult, PreparedDialog } from './types.ts';

/**
 * The chat's progress indicator (the dialog setting progress): how far the respondent is, measured by
 * the longest way that may still lie ahead, so it never promises an end that a longer branch then
 * postpones. A loop's way back counts nothing (it would make the way endless), which lets the figure
 * drop when a loop is taken: the state keeps the best figure reached, so the bar never moves backwards.
 */

/**
 * Per block: the most questions a respondent may still be asked from it, itself included (depth-first,
 * memoised; an edge back into the path being walked counts 0).
 */
export function remainingQuestions(flow: DialogFlow): Map<string, number> {
  const memo = new Map<string, number>();
  const onPath = new Set<string>();
  const visit = (id: string): number => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const block = flow.byId.get(id);
    if (!block || onPath.has(id)) return 0;
    onPath.add(id);
    let most = 0;
    for (const next of successors(flow, block)) most = Math.max(most, visit(next));
    onPath.delete(id);
    const own = most + (INPUT_TYPES.has(block.type) ? 1 : 0);
    memo.set(id, own);
    return own;
  };
  for (const b of flow.blocks) visit(b.unique_question_id);
  return memo;
}

/** The figure, 0 to 100, for where the chat now is; finished is 100. */
export function progressAt(
  remaining: ReadonlyMap<string, number>,
  first: string | null,
  state: Pick<ChatState, 'status' | 'at'>,
): number {
  if (state.status === 'finished') return 100;
  const total = first === null ? 0 : (remaining.get(first) ?? 0);
  const at = state.at;
  if (state.status !== 'waiting' || at === null || total === 0) return 0;
  // During a follow-up the block is answered: what lies ahead is where it leads.
  const ahead =
    at.phase === 'nachfrage' || at.phase === 'away'
      ? at.next === null
        ? 0
        : (remaining.get(at.next) ?? 0)
      : (remaining.get(at.id) ?? 0);
  return Math.max(0, Math.min(100, Math.round((100 * (total - ahead)) / total)));
}

/**
 * A turn's result with the best figure so far (before: the figure the chat had; a restart begins anew):
 * the bar never moves backwards, whatever way is taken.
 */
export function withProgress(d: PreparedDialog, before: number, r: EngineResult): EngineResult {
  if (!d.progress) return r;
  const progress = Math.max(before, progressAt(d.remaining, d.first, r.state));
  return { ...r, state: { ...r.state, progress }, input: r.input && { ...r.input, progress } };
}
