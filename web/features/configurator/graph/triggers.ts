import type { Dialog } from '../../../../contract/dialogs.ts';
import { parseTrigger, type TriggerObject, type TriggerType } from '../../../../contract/triggers.ts';

/**
 * Triggers of the dialog manager (SPEC §3): attached to a block of one dialog, they act on a block of
 * another dialog ("type;survey id;question id", parsed by contract/managers.ts). The graph draws them as
 * edges to or from a node that stands for the other dialog: source triggers start in this dialog,
 * target triggers end in it.
 */
export interface TriggerLink {
  triggerId: number;
  /** Id of the node for the other dialog. */
  nodeId: string;
  /** The block of this dialog. */
  blockId: string;
  direction: 'source' | 'target';
  type: TriggerType;
  label: string;
  /** A waitAPI's timeout in seconds, shown on its edge. */
  timeoutSeconds?: number;
  position: { x: number; y: number };
}

const OFFSET_X = 340;
const STEP_Y = 70;

/** The trigger edges of this dialog; triggers that touch it only through unknown blocks are left out. */
export function triggerLinks(
  dialog: Pick<Dialog, 'survey_id' | 'all_questions' | 'connected_surveys'>,
  triggers: readonly TriggerObject[],
): TriggerLink[] {
  const isThis = (id: string) => id === dialog.survey_id;
  const nameOf = (id: string) => dialog.connected_surveys.find((s) => s.survey_id === id)?.survey_name ?? id;
  const blocks = new Map(dialog.all_questions.map((b) => [b.unique_question_id, b]));
  const perBlock = new Map<string, number>();
  const links: TriggerLink[] = [];
  for (const t of triggers) {
    const parsed = parseTrigger(t.trigger);
    if (!parsed.ok) continue;
    const { type, survey_id: otherSurvey, question_id: otherBlock, timeout } = parsed.trigger;
    const add = (direction: 'source' | 'target', blockId: string, other: string) => {
      const block = blocks.get(blockId);
      if (!block) return;
      const slot = perBlock.get(`${direction}:${blockId}`) ?? 0;
      perBlock.set(`${direction}:${blockId}`, slot + 1);
      links.push({
        triggerId: t.id,
        nodeId: `trigger_${direction}_${t.id}`,
        blockId,
        direction,
        type,
        label: nameOf(other),
        ...(timeout ? { timeoutSeconds: timeout.seconds } : {}),
        position: {
          x: block.position.x + (direction === 'source' ? OFFSET_X : -OFFSET_X),
          y: block.position.y + slot * STEP_Y,
        },
      });
    };
    if (isThis(t.survey_id)) add('source', t.unique_question_id, otherSurvey);
    if (isThis(otherSurvey)) add('target', otherBlock, t.survey_id);
  }
  return links;
}
