import { createHash } from 'node:crypto';
import type { MediaKind } from '../../contract/text-content.ts';
import { prepareDialog } from '../chat/engine/prepare.ts';
import type { PreparedDialog } from '../chat/engine/types.ts';
import { textTools } from '../chat/text-tools.ts';
import { parseJsonObject } from '../db/json-columns.ts';
import { type BlockRow, blockFromRow, settingsFromRow } from '../dialogs/rows.ts';

/**
 * What a version holds: everything a chat plays, as the working copy stores it (block rows without their
 * ids, the dialog's texts and settings, GPT exit conditions, the media kinds of the files, and the routing
 * model of each free-text block by its version and threshold: trained models are kept per version, so the
 * pinned one stays addressable). Block rows rather than parsed blocks, so a restore writes them back as
 * they were.
 */

/** A block as stored, without its row id, dialog and edit counters. */
export type VersionBlock = Pick<
  BlockRow,
  | 'unique_question_id'
  | 'ord'
  | 'type'
  | 'context'
  | 'nachfrage'
  | 'likert_na'
  | 'acknowledgement'
  | 'is_end'
  | 'only_search'
  | 'filename_db'
  | 'position'
  | 'data'
>;

/** A free-text block's trained model as a version pins it (training_models.version, the threshold set then). */
export interface ModelPin {
  version: number;
  threshold: number | null;
}

export interface VersionContent {
  survey_name: string;
  welcome: string;
  ending: string;
  /** The settings column as stored (JSON). */
  settings: string;
  blocks: VersionBlock[];
  /** Per gpt block, its exit conditions as stored (JSON objects), in the order they were added. */
  exit_conditions: Record<string, string[]>;
  media: Record<string, MediaKind>;
  models: Record<string, ModelPin>;
}

const BLOCK_KEYS = [
  'unique_question_id',
  'ord',
  'type',
  'context',
  'nachfrage',
  'likert_na',
  'acknowledgement',
  'is_end',
  'only_search',
  'filename_db',
  'position',
  'data',
] as const satisfies readonly (keyof VersionBlock)[];

export function versionBlock(row: VersionBlock): VersionBlock {
  return Object.fromEntries(BLOCK_KEYS.map((k) => [k, row[k]])) as unknown as VersionBlock;
}

const sortedRecord = <T>(r: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The content's identity: sha256 of its JSON with keys in a fixed order and without the blocks' graph
 * positions, which no chat sees (moving a node makes no new version).
 */
export function contentHash(c: VersionContent): string {
  const canonical = {
    survey_name: c.survey_name,
    welcome: c.welcome,
    ending: c.ending,
    settings: c.settings,
    blocks: c.blocks.map((b) => ({ ...versionBlock(b), position: '' })),
    exit_conditions: sortedRecord(c.exit_conditions),
    media: sortedRecord(c.media),
    models: sortedRecord(c.models),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** A version as a chat plays it: the prepared dialog, its exit conditions' texts and its pinned models. */
export interface PlayableVersion {
  id: number;
  number: number;
  dialog: PreparedDialog;
  /** Per gpt block, the exit conditions as the model is told them (empty ones left out). */
  exitConditions: ReadonlyMap<string, string[]>;
  models: ReadonlyMap<string, ModelPin>;
  /** The dialog's own fields as the version has them (its name, texts and settings: the chat's look). */
  texts: Pick<VersionContent, 'survey_name' | 'welcome' | 'ending' | 'settings'>;
}

/** Fields a block row has that a version leaves out, filled in so the dialogs' row mapping reads it. */
const rowOf = (b: VersionBlock, surveyId: number): BlockRow => ({
  ...b,
  id: 0,
  survey_id: surveyId,
  version: 0,
  created_on: 0,
  updated_at: 0,
});

export const blocksOf = (c: VersionContent, publicId: string) =>
  c.blocks.map((b) => blockFromRow(rowOf(b, 0), publicId));

function conditionTexts(stored: readonly string[]): string[] {
  return stored.flatMap((condition) => {
    const text = parseJsonObject(condition).condition;
    return typeof text === 'string' && text.trim() !== '' ? [text.trim()] : [];
  });
}

/** Prepares a version for the chat engine (parsed once per process: versions/cache.ts). */
export function playable(id: number, number: number, publicId: string, c: VersionContent): PlayableVersion {
  const settings = settingsFromRow(c);
  const dialog = prepareDialog(
    {
      survey_id: publicId,
      welcome: settings.welcome,
      ending: settings.ending,
      language: settings.language,
      du_sie: settings.du_sie,
      progress: settings.progress,
      blocks: blocksOf(c, publicId),
      media: c.media,
      end_redirect: { url: settings.end_redirect_url, delay: settings.end_redirect_delay },
    },
    textTools,
  );
  return {
    id,
    number,
    dialog,
    exitConditions: new Map(Object.entries(c.exit_conditions).map(([k, v]) => [k, conditionTexts(v)])),
    models: new Map(Object.entries(c.models)),
    texts: { survey_name: c.survey_name, welcome: c.welcome, ending: c.ending, settings: c.settings },
  };
}
