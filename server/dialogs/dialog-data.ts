import type { Dialog } from '../../contract/dialogs.ts';
import { ROLE_LABELS } from '../../contract/roles.ts';
import type { AppContext } from '../context.ts';
import { parseJsonObject } from '../db/json-columns.ts';
import type { DialogAccess, SurveyRow } from '../sharing/permissions.ts';
import { connectedSurveys, gptExitConditions, listBlocks } from './queries.ts';
import { blockFromRow, markersFromRow, settingsFromRow } from './rows.ts';

export const flagsOf = (s: SurveyRow) =>
  ({
    bearbeiten: s.bearbeiten ? 1 : 0,
    intrance: s.intrance ? 1 : 0,
    testen: s.testen ? 1 : 0,
    live_switch: s.live_switch ? 1 : 0,
    analyse: s.analyse ? 1 : 0,
  }) as const;

/**
 * POST /api/get_survey_data_configurator and POST /api/dialog: the whole dialog. GPT exit conditions of
 * deleted blocks stay stored (undo of the delete brings them back) but are not listed.
 */
export async function loadDialog(ctx: Pick<AppContext, 'db'>, access: DialogAccess): Promise<Dialog> {
  const s = access.survey;
  const rows = await listBlocks(ctx.db, s.id);
  const conditions = await gptExitConditions(ctx.db, s.id);
  const connected = await connectedSurveys(ctx.db, s.id);
  const blocks = rows.map((r) => blockFromRow(r, s.survey_id));
  const blockIds = new Set(blocks.map((b) => b.unique_question_id));
  const settings = settingsFromRow(s);
  return {
    survey_id: s.survey_id,
    survey_id_int: s.id,
    survey_name: s.survey_name,
    all_questions: blocks,
    welcome: s.welcome,
    ending: s.ending,
    accent_color: settings.accent_color,
    color: settings.accent_color,
    templ_options: parseJsonObject(s.templ_options),
    gpt_exit_conditions: conditions
      .filter((c) => blockIds.has(c.unique_question_id))
      .map((c) => ({
        ...parseJsonObject(c.condition),
        id: c.id,
        survey_id: s.survey_id,
        unique_question_id: c.unique_question_id,
      })),
    connected_surveys: connected,
    language: settings.language,
    settings,
    ...flagsOf(s),
    active: s.active === 1,
    version: s.version,
    structure: markersFromRow(s),
    role: access.role,
    role_label: ROLE_LABELS[access.role],
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}
