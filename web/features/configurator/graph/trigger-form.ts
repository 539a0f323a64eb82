import type { Block } from '../../../../contract/blocks.ts';
import {
  type ConnectedSurvey,
  type CreateTriggerRequest,
  formatTrigger,
  parseTrigger,
  type TriggerObject,
  type TriggerType,
} from '../../../../contract/managers.ts';

/** What the graph's 'Trigger hinzufügen' form holds for a block (SPEC §3 "Trigger", §7). */
export interface TriggerDraft {
  type: TriggerType;
  /** The target dialog S; '' until chosen. */
  survey_id: string;
  /** The target block Q of S; '' until chosen. */
  question_id: string;
  init_survey: boolean;
}

export const EMPTY_TRIGGER_DRAFT: TriggerDraft = {
  type: 'moveTo',
  survey_id: '',
  question_id: '',
  init_survey: false,
};

/**
 * The dialogs a trigger of `ownSurveyId` may point to: the manager's other dialogs; waitAPI may also
 * continue in the dialog itself (contract/managers.ts).
 */
export function targetDialogs(
  connected: readonly ConnectedSurvey[],
  ownSurveyId: string,
  type: TriggerType,
): ConnectedSurvey[] {
  return connected.filter((s) => type === 'waitAPI' || s.survey_id !== ownSurveyId);
}

/** A changed type keeps the target only while it is still allowed for the new type. */
export function withType(draft: TriggerDraft, type: TriggerType, ownSurveyId: string): TriggerDraft {
  const keep = type === 'waitAPI' || draft.survey_id !== ownSurveyId;
  return keep ? { ...draft, type } : { ...draft, type, survey_id: '', question_id: '' };
}

export interface BlockOption {
  id: string;
  label: string;
}

/** The target dialog's blocks by order, labelled '#order · text' (text from the caller: preview rules). */
export function blockOptions(blocks: readonly Block[], text: (block: Block) => string): BlockOption[] {
  return [...blocks]
    .sort((a, b) => a.order - b.order)
    .map((b) => ({ id: b.unique_question_id, label: `#${b.order} · ${text(b) || b.unique_question_id}` }));
}

export const canCreate = (draft: TriggerDraft) => draft.survey_id !== '' && draft.question_id !== '';

export function createRequest(
  managerId: number,
  surveyId: string,
  blockId: string,
  draft: TriggerDraft,
): Omit<CreateTriggerRequest, 'init_survey'> & { init_survey: boolean } {
  return {
    dialog_manager_id: managerId,
    survey_id: surveyId,
    unique_question_id: blockId,
    trigger: formatTrigger({ type: draft.type, survey_id: draft.survey_id, question_id: draft.question_id }),
    init_survey: draft.init_survey,
  };
}

export interface BlockTrigger {
  trigger: TriggerObject;
  type: TriggerType;
  /** The other dialog: the target of an outgoing trigger, the dialog of an incoming one. */
  other_survey_id: string;
  other_question_id: string;
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
    const { type, survey_id, question_id } = parsed.trigger;
    if (t.survey_id === surveyId && t.unique_question_id === blockId) {
      outgoing.push({ trigger: t, type, other_survey_id: survey_id, other_question_id: question_id });
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
