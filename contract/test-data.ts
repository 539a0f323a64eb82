import { type Block, type BlockType, defaultBlockContent } from './blocks.ts';
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
