import type { Selectable } from 'kysely';
import { defaultBlockContent } from '../../contract/block-edits.ts';
import {
  BLOCK_TYPES,
  type Block,
  type BlockContent,
  type BlockType,
  endNodeId,
  startNodeId,
} from '../../contract/blocks.ts';
import {
  defaultSettings,
  type Marker,
  markerSchema,
  SETTINGS_KEYS,
  type Settings,
  settingsShape,
} from '../../contract/dialogs.ts';
import { DEFAULT_END_POSITION } from '../../contract/graph-geometry.ts';
import { parseJsonArray, parseJsonObject } from '../db/json-columns.ts';
import type { BlocksTable } from '../db/schema.ts';
import type { SurveyRow } from '../sharing/permissions.ts';

/**
 * Mapping between stored rows and the contract's shapes. Blocks keep the fields that queries filter on
 * (type, texts, flags, filename_db) in columns and the rest in the JSON column data; dialogs keep
 * survey_name, welcome and ending in columns and the other settings in the JSON column settings.
 */
export type BlockRow = Selectable<BlocksTable>;

const asFlag = (v: number) => (v ? 1 : 0);

export function contentFromRow(row: BlockRow): BlockContent {
  const type: BlockType = (BLOCK_TYPES as readonly string[]).includes(row.type)
    ? (row.type as BlockType)
    : 'message';
  const position = parseJsonObject(row.position);
  return {
    ...defaultBlockContent(type),
    ...parseJsonObject(row.data),
    type,
    context: row.context,
    nachfrage: row.nachfrage,
    acknowledgement: row.acknowledgement,
    likert_na: asFlag(row.likert_na),
    is_end: asFlag(row.is_end),
    only_search: asFlag(row.only_search),
    filename_db: row.filename_db,
    position:
      typeof position.x === 'number' && typeof position.y === 'number'
        ? { x: position.x, y: position.y }
        : { x: 0, y: 0 },
  } as BlockContent;
}

export function blockFromRow(row: BlockRow, surveyId: string): Block {
  return {
    ...contentFromRow(row),
    unique_question_id: row.unique_question_id,
    survey_id: surveyId,
    order: row.ord,
    created_on: row.created_on,
    version: row.version,
  } as Block;
}

export function columnsFromContent(content: BlockContent) {
  const {
    type,
    context,
    nachfrage,
    acknowledgement,
    likert_na,
    is_end,
    only_search,
    filename_db,
    position,
    ...data
  } = content;
  const columns = { type, context, nachfrage, acknowledgement, likert_na, is_end, only_search, filename_db };
  return { ...columns, position: JSON.stringify(position), data: JSON.stringify(data) };
}

/** Settings as stored; a stored value that no longer passes its rule falls back to the default. */
export function settingsFromRow(row: Pick<SurveyRow, 'survey_name' | 'welcome' | 'ending' | 'settings'>) {
  const stored = parseJsonObject(row.settings);
  const settings: Record<string, unknown> = { ...defaultSettings(row.survey_name) };
  for (const key of SETTINGS_KEYS) {
    if (key in stored && settingsShape[key].safeParse(stored[key]).success) settings[key] = stored[key];
  }
  return { ...settings, survey_name: row.survey_name, welcome: row.welcome, ending: row.ending } as Settings;
}

/** The JSON column settings holds every settings key except those with their own column. */
export function storedSettings(settings: Settings): string {
  const { survey_name: _name, welcome: _welcome, ending: _ending, ...rest } = settings;
  return JSON.stringify(rest);
}

export function defaultMarkers(surveyId: string): Marker[] {
  return [
    { id: startNodeId(surveyId), kind: 'start', position: { x: 0, y: 0 } },
    { id: endNodeId(surveyId), kind: 'end', position: { ...DEFAULT_END_POSITION } },
  ];
}

/** The start and end markers of a dialog, always both, with their stored positions. */
export function markersFromRow(row: Pick<SurveyRow, 'survey_id' | 'structure'>): Marker[] {
  const stored = parseJsonArray(row.structure).flatMap((m) => {
    const parsed = markerSchema.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
  return defaultMarkers(row.survey_id).map((d) => stored.find((m) => m.id === d.id) ?? d);
}
