import '../../../../contract/zod-setup.ts';
import type { z } from 'zod';
import type { Dialog, gptExitConditionSchema } from '../../../../contract/dialogs.ts';
import { conditionText } from '../../../../contract/training.ts';

/**
 * A GPT block's exit conditions as the dialog carries them (gpt_exit_conditions, SPEC §3): the stored
 * fields are passed through, the text is under `condition`. A condition that is still being created
 * has a negative id until the server answers with its own.
 */
export type ExitCondition = z.infer<typeof gptExitConditionSchema>;

export const textOf = (c: ExitCondition) => (typeof c.condition === 'string' ? c.condition : '');

export const isPendingCondition = (c: ExitCondition) => c.id < 0;

/** The conditions of one block, in the order they were created. */
export function conditionsOf(conditions: readonly ExitCondition[], blockId: string): ExitCondition[] {
  return conditions.filter((c) => c.unique_question_id === blockId);
}

/** The German message about a condition text, or null when it may be saved (the server's own rule). */
export function conditionError(text: string): string | null {
  const parsed = conditionText.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export function addCondition(dialog: Dialog, condition: ExitCondition): Dialog {
  return { ...dialog, gpt_exit_conditions: [...dialog.gpt_exit_conditions, condition] };
}

export function setConditionText(dialog: Dialog, id: number, text: string): Dialog {
  return {
    ...dialog,
    gpt_exit_conditions: dialog.gpt_exit_conditions.map((c) => (c.id === id ? { ...c, condition: text } : c)),
  };
}

export function removeCondition(dialog: Dialog, id: number): Dialog {
  return { ...dialog, gpt_exit_conditions: dialog.gpt_exit_conditions.filter((c) => c.id !== id) };
}
