import type { Dialog } from '../../../../contract/dialogs.ts';

/**
 * Triggers of the dialog manager (SPEC §3): attached to a block of one dialog, they act on a block of
 * another dialog ("type;survey id;question id"). The graph draws them as edges to or from a node that
 * stands for the other dialog: source triggers start in this dialog, target triggers end in it.
 */
export const TRIGGER_TYPES = ['waitFor', 'moveTo', 'waitAPI'] as const;

export interface TriggerObject {
  id?: number;
  dialog_manager_id?: number | string;
  survey_id: string | number;
  unique_question_id: string;
  trigger: string;
  init_survey?: boolean;
}

export interface ParsedTrigger {
  type: string;
  survey_id: string;
  question_id: string;
}

export function parseTrigger(trigger: string): ParsedTrigger | null {
  const [type, survey_id, question_id] = trigger.split(';');
  if (!type || !survey_id || !question_id) return null;
  return { type, survey_id, question_id };
}

export interface TriggerLink {
  /** Id of the node for the other dialog. */
  nodeId: string;
  /** The block of this dialog. */
  blockId: string;
  direction: 'source' | 'target';
  type: string;
  label: string;
  position: { x: number; y: number };
}

const OFFSET_X = 340;
const STEP_Y = 70;

/** The trigger edges of this dialog; triggers that touch it only through unknown blocks are left out. */
export function triggerLinks(
  dialog: Pick<Dialog, 'survey_id' | 'survey_id_int' | 'all_questions' | 'connected_surveys'>,
  triggers: readonly TriggerObject[],
): TriggerLink[] {
  const isThis = (id: string | number) =>
    String(id) === dialog.survey_id || String(id) === String(dialog.survey_id_int);
  const nameOf = (id: string | number) =>
    dialog.connected_surveys.find((s) => s.survey_id === String(id))?.survey_name ?? String(id);
  const blocks = new Map(dialog.all_questions.map((b) => [b.unique_question_id, b]));
  const perBlock = new Map<string, number>();
  const links: TriggerLink[] = [];
  triggers.forEach((t, n) => {
    const parsed = parseTrigger(t.trigger);
    if (!parsed) return;
    const add = (direction: 'source' | 'target', blockId: string, other: string) => {
      const block = blocks.get(blockId);
      if (!block) return;
      const slot = perBlock.get(`${direction}:${blockId}`) ?? 0;
      perBlock.set(`${direction}:${blockId}`, slot + 1);
      links.push({
        nodeId: `trigger_${direction}_${t.id ?? n}`,
        blockId,
        direction,
        type: parsed.type,
        label: nameOf(other),
        position: {
          x: block.position.x + (direction === 'source' ? OFFSET_X : -OFFSET_X),
          y: block.position.y + slot * STEP_Y,
        },
      });
    };
    if (isThis(t.survey_id)) add('source', t.unique_question_id, parsed.survey_id);
    if (isThis(parsed.survey_id)) add('target', parsed.question_id, String(t.survey_id));
  });
  return links;
}
