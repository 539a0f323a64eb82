import type { CrosstabResponse } from './analytics.ts';
import { defaultBlockContent } from './block-edits.ts';
import type { Block, BlockType } from './blocks.ts';
import { type Dialog, defaultSettings } from './dialogs.ts';

/** Small factories of blocks and dialogs for unit tests (the contract's dialog flow, the configurator). */
export const SURVEY_ID = 'sv1';

export function makeBlock(id: string, order: number, type: BlockType = 'message', extra = {}): Block {
  return {
    ...defaultBlockContent(type),
    unique_question_id: id,
    survey_id: SURVEY_ID,
    order,
    created_on: 1000 + order,
    version: 1,
    position: { x: 0, y: order * 150 },
    ...extra,
  } as Block;
}

export function makeDialog(blocks: Block[] = []): Dialog {
  const settings = defaultSettings('Test');
  return {
    survey_id: SURVEY_ID,
    survey_id_int: 1,
    survey_name: settings.survey_name,
    all_questions: blocks,
    welcome: settings.welcome,
    ending: settings.ending,
    accent_color: settings.accent_color,
    color: settings.accent_color,
    templ_options: {},
    gpt_exit_conditions: [],
    connected_surveys: [],
    language: 'de',
    settings,
    bearbeiten: 1,
    intrance: 1,
    testen: 1,
    live_switch: 1,
    analyse: 1,
    active: false,
    version: 1,
    structure: [
      { id: `start_node_${SURVEY_ID}`, kind: 'start', position: { x: 0, y: 0 } },
      { id: `end_node_${SURVEY_ID}`, kind: 'end', position: { x: 0, y: 600 } },
    ],
    role: 'owner',
    role_label: 'Besitzer',
    created_at: 0,
    updated_at: 0,
  };
}

/**
 * Zufrieden (single choice) × Verkehrsmittel (multiple choice) of four respondents: ja r1 (Bus, Bahn),
 * r2 (Bahn); nein r3 (Bus, Rad), r4 (Rad). Each row's cells add up to 3 mentions, but 2 people: the totals
 * count people. The server's cross-tabulation of those answers gives it; the Analyse table shows it.
 */
export const MULTIPLE_CHOICE_CROSSTAB: CrosstabResponse = {
  rows: ['ja', 'nein'],
  columns: ['Bus', 'Bahn', 'Rad'],
  counts: [
    [1, 2, 0],
    [1, 0, 2],
  ],
  row_totals: [2, 2],
  column_totals: [2, 2, 2],
  total: 4,
};

/** A node's box in the graph (graph units or screen pixels). */
export interface TestBox {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The pairs of boxes that overlap ("a/b"): the layout tests' check that no node covers another. */
export function overlapping(boxes: readonly TestBox[]): string[] {
  const found: string[] = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
        found.push(`${a.id}/${b.id}`);
    }
  });
  return found;
}
