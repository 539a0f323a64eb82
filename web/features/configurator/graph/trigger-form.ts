import {
  type CreateTriggerRequest,
  formatTrigger,
  parseTrigger,
  TIMEOUT_MAX_SECONDS,
  type TriggerObject,
  type TriggerTargetBlock,
  type TriggerTimeout,
  type TriggerType,
} from '../../../../contract/triggers.ts';

/** What the graph's 'Trigger hinzufügen' form holds for a block (SPEC §3 "Trigger", §7). */
export interface TriggerDraft {
  type: TriggerType;
  /** The target dialog S; '' until chosen. */
  survey_id: string;
  /** The target block Q of S; '' until chosen. */
  question_id: string;
  init_survey: boolean;
  /** waitAPI: seconds after which the chat goes on without the call ('' for no timeout). */
  timeout_seconds?: string;
  /** The block of the target dialog S the chat goes on at when the timeout passes. */
  timeout_question_id?: string;
}

export const EMPTY_TRIGGER_DRAFT: TriggerDraft = {
  type: 'moveTo',
  survey_id: '',
  question_id: '',
  init_survey: false,
  timeout_seconds: '',
  timeout_question_id: '',
};

/** The draft's timeout in whole seconds; null without one, NaN when the entry is not a valid number. */
function timeoutSeconds(draft: TriggerDraft): number | null {
  if (draft.type !== 'waitAPI' || !draft.timeout_seconds?.trim()) return null;
  const n = Number(draft.timeout_seconds);
  return Number.isInteger(n) && n >= 1 && n <= TIMEOUT_MAX_SECONDS ? n : Number.NaN;
}

/**
 * The dialogs a trigger of `ownSurveyId` may point to: the manager's other dialogs; waitAPI may also
 * continue in the dialog itself (contract/managers.ts).
 */
export function targetDialogs<S extends { survey_id: string }>(
  connected: readonly S[],
  ownSurveyId: string,
  type: TriggerType,
): S[] {
  return connected.filter((s) => type === 'waitAPI' || s.survey_id !== ownSurveyId);
}

/** A changed type keeps the target only while it is still allowed for the new type. */
export function withType(draft: TriggerDraft, type: TriggerType, ownSurveyId: string): TriggerDraft {
  const keep = type === 'waitAPI' || draft.survey_id !== ownSurveyId;
  const next = { ...draft, type, timeout_seconds: '', timeout_question_id: '' };
  return keep ? next : { ...next, survey_id: '', question_id: '' };
}

export interface BlockOption {
  id: string;
  label: string;
}

/** The target dialog's blocks by order, labelled '#order · text' (text from the caller: preview rules). */
export function blockOptions<B extends { unique_question_id: string; order: number }>(
  blocks: readonly B[],
  text: (block: B) => string,
): BlockOption[] {
  return [...blocks]
    .sort((a, b) => a.order - b.order)
    .map((b) => ({ id: b.unique_question_id, label: `#${b.order} · ${text(b) || b.unique_question_id}` }));
}

/**
 * The text of a target block (get_trigger_targets): its short name, else its preview (`render` turns the
 * text content into one line), with an ellipsis when the server cut it.
 */
export function targetBlockText(block: TriggerTargetBlock, render: (content: string) => string): string {
  if (block.short_name) return block.short_name;
  const text = block.preview ? render(block.preview) : '';
  return block.truncated && text ? `${text} …` : text;
}

export function canCreate(draft: TriggerDraft): boolean {
  const seconds = timeoutSeconds(draft);
  const timeoutOk = seconds === null || (!Number.isNaN(seconds) && Boolean(draft.timeout_question_id));
  return draft.survey_id !== '' && draft.question_id !== '' && timeoutOk;
}

export function createRequest(
  managerId: number,
  surveyId: string,
  blockId: string,
  draft: TriggerDraft,
): Omit<CreateTriggerRequest, 'init_survey'> & { init_survey: boolean } {
  const target = { type: draft.type, survey_id: draft.survey_id, question_id: draft.question_id };
  const seconds = timeoutSeconds(draft);
  const timeout = {
    seconds: seconds ?? 0,
    survey_id: draft.survey_id,
    question_id: draft.timeout_question_id ?? '',
  };
  return {
    dialog_manager_id: managerId,
    survey_id: surveyId,
    unique_question_id: blockId,
    trigger: formatTrigger({ ...target, ...(seconds === null ? {} : { timeout }) }),
    init_survey: draft.init_survey,
  };
}

export interface BlockTrigger {
  trigger: TriggerObject;
  type: TriggerType;
  /** The other dialog: the target of an outgoing trigger, the dialog of an incoming one. */
  other_survey_id: string;
  other_question_id: string;
  /** An outgoing waitAPI's timeout. */
  timeout?: TriggerTimeout;
}

/** The triggers attached to the block (outgoing) and those pointing at it from elsewhere (incoming). */
export function blockTriggers(
  triggers: readonly TriggerObject[],
  surveyId: string,
  blockId: string,
): { outgoing: BlockTrigger[]; incoming: BlockTrigger[] } {
  const outgoing: BlockTrigger[] = [];
  const incoming: BlockTrigger[] = [];
  for (const t of triggers) {
    const parsed = parseTrigger(t.trigger);
    if (!parsed.ok) continue;
    const { type, survey_id, question_id, timeout } = parsed.trigger;
    if (t.survey_id === surveyId && t.unique_question_id === blockId) {
      const other = { other_survey_id: survey_id, other_question_id: question_id };
      outgoing.push({ trigger: t, type, ...other, ...(timeout ? { timeout } : {}) });
    }
    if (survey_id === surveyId && question_id === blockId) {
      incoming.push({
        trigger: t,
        type,
        other_survey_id: t.survey_id,
        other_question_id: t.unique_question_id,
      });
    }
  }
  return { outgoing, incoming };
}
