import { defaultBlockContent } from '../../contract/block-edits.ts';
import type { BlockType } from '../../contract/blocks.ts';
import type { Settings } from '../../contract/dialogs.ts';
import { blockNodeSize } from '../../contract/graph-geometry.ts';
import type { AppContext } from '../context.ts';
import { newBlockId, updateSurveyBlocks } from '../dialogs/blocks.ts';
import { createSurvey } from '../dialogs/dashboard.ts';
import { PLACEMENT_GAP } from '../dialogs/placement.ts';
import { switchActive, updateSurveySettings } from '../dialogs/settings.ts';
import { authorizeDialog } from '../sharing/permissions.ts';

export type SeedCtx = Pick<AppContext, 'db' | 'now'>;

/** One block of a seeded dialog; `key` names it for jumps and triggers. */
export interface SeedBlock {
  key: string;
  type: BlockType;
  fields: Record<string, unknown>;
}

export interface SeedDialog {
  name: string;
  blocks: readonly SeedBlock[];
  /** Settings other than the defaults of a new dialog. */
  settings?: Partial<Settings>;
  /** Jumps set once all blocks exist: block key -> option index -> target block key. */
  jumps?: Record<string, (string | null)[]>;
}

/**
 * Builds a live dialog of the author through the same services the configurator calls, so seeded data
 * passes every rule real data does. Returns the public id and the block ids by key.
 */
export async function buildDialog(
  ctx: SeedCtx,
  userId: number,
  dialog: SeedDialog,
): Promise<{ survey_id: string; ids: Map<string, string> }> {
  const { survey_id } = await createSurvey(ctx, userId, dialog.name);
  const configure = () => authorizeDialog(ctx, userId, survey_id, 'configure');
  const ids = new Map(dialog.blocks.map((b) => [b.key, newBlockId()]));
  // One below the other, each as tall as the graph draws it, so no node covers another.
  let y = 150;
  for (const block of dialog.blocks) {
    await updateSurveyBlocks(ctx, await configure(), {
      survey_id,
      action: 'recreate',
      unique_question_id: ids.get(block.key)!,
      type: block.type,
      position: { x: 0, y },
      ...block.fields,
    });
    const options = Array.isArray(block.fields.options)
      ? block.fields.options
      : defaultBlockContent(block.type).options;
    y += blockNodeSize({ type: block.type, options }).height + PLACEMENT_GAP;
  }
  for (const [key, targets] of Object.entries(dialog.jumps ?? {})) {
    await updateSurveyBlocks(ctx, await configure(), {
      survey_id,
      action: 'update',
      unique_question_id: ids.get(key)!,
      changed_values: { jump_to_ids: targets.map((t) => (t === null ? null : ids.get(t)!)) },
    });
  }
  if (dialog.settings) {
    const { welcome, ending, ...config } = dialog.settings;
    if (welcome !== undefined || ending !== undefined) {
      await updateSurveySettings(ctx, await configure(), {
        survey_id,
        action: 'fixmessages',
        changed_values: { welcome, ending },
      });
    }
    if (Object.keys(config).length > 0) {
      await updateSurveySettings(ctx, await configure(), {
        survey_id,
        action: 'config',
        changed_values: config,
      });
    }
  }
  await switchActive(ctx, await authorizeDialog(ctx, userId, survey_id, 'live_switch'), true);
  return { survey_id, ids };
}
