import { parseTrigger } from '../../contract/triggers.ts';

/** A trigger as stored: the block it sits on (dialog and question) and its text. */
export interface PlacedTrigger {
  survey_id: string;
  unique_question_id: string;
  trigger: string;
}

const node = (surveyId: string, questionId: string) => `${surveyId}/${questionId}`;

/**
 * A waitFor trigger holds its dialog at its block until the target block of another dialog is done. When
 * the target block itself waits, directly or along other waitFor triggers, for the first one, no block of
 * the loop is ever done and the game stops there (the engine then ends it). Returns the blocks of the
 * loop the added trigger would close, starting at its own block, or null when it closes none.
 */
export function waitCycle(existing: readonly PlacedTrigger[], added: PlacedTrigger): string[] | null {
  const target = waitTarget(added);
  if (target === null) return null;
  const waits = new Map<string, string[]>();
  for (const t of existing) {
    const to = waitTarget(t);
    const from = node(t.survey_id, t.unique_question_id);
    if (to !== null) waits.set(from, [...(waits.get(from) ?? []), to]);
  }
  const start = node(added.survey_id, added.unique_question_id);
  // Depth-first from the added trigger's target back to its own block.
  const seen = new Set<string>();
  const path: string[] = [start];
  const visit = (at: string): boolean => {
    if (at === start) return true;
    if (seen.has(at)) return false;
    seen.add(at);
    path.push(at);
    for (const next of waits.get(at) ?? []) if (visit(next)) return true;
    path.pop();
    return false;
  };
  return visit(target) ? path : null;
}

/** The block a waitFor trigger waits for, or null for the other types. */
function waitTarget(t: PlacedTrigger): string | null {
  const parsed = parseTrigger(t.trigger);
  return parsed.ok && parsed.trigger.type === 'waitFor'
    ? node(parsed.trigger.survey_id, parsed.trigger.question_id)
    : null;
}
