import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { endNodeId, startNodeId } from '../../contract/blocks.ts';
import { defaultSettings, type SurveyListItem } from '../../contract/dialogs.ts';
import { ROLE_LABELS, type Role } from '../../contract/roles.ts';
import type { AppContext } from '../context.ts';
import { insertMedia, listMedia } from '../media/queries.ts';
import { newMediaFilename } from '../media/storage.ts';
import { copyMediaFile, removeMediaFiles } from '../media/store.ts';
import { type DialogAccess, parseMemberRole } from '../sharing/permissions.ts';
import { newBlockId } from './blocks.ts';
import {
  insertBlocks,
  insertGptExitCondition,
  insertTrainingExample,
  listTrainingExamples,
} from './copy-queries.ts';
import {
  deleteSurvey as deleteSurveyRow,
  gptExitConditions,
  insertSurvey,
  listBlocks,
  listSurveysForUser,
  liveSessionCounts,
} from './queries.ts';
import {
  columnsFromContent,
  contentFromRow,
  defaultMarkers,
  markersFromRow,
  storedSettings,
} from './rows.ts';

/** Public dialog ids are random and url-safe, so they reveal nothing and cannot be enumerated. */
export const newSurveyId = () => randomBytes(12).toString('base64url');

/** POST /api/get_survey_list: dialogs the author owns, is a member of, or is invited to (pending). */
export async function listSurveys(ctx: Pick<AppContext, 'db'>, userId: number) {
  const rows = await listSurveysForUser(ctx.db, userId);
  const seen = new Map<number, { row: (typeof rows)[number]; role: Role; pending: boolean }>();
  for (const row of rows) {
    const owner = row.owner_id === userId;
    const role = owner ? 'owner' : row.member_role ? parseMemberRole(row.member_role) : undefined;
    if (!role) continue;
    const pending = !owner && row.invite_accepted !== 1;
    const before = seen.get(row.id);
    if (!before || (before.pending && !pending)) seen.set(row.id, { row, role, pending });
  }
  const entries = [...seen.values()];
  const counts = await liveSessionCounts(
    ctx.db,
    entries.filter((e) => !e.pending).map((e) => e.row.id),
  );
  const surveys: SurveyListItem[] = entries.map(({ row, role, pending }) => ({
    survey_id: row.survey_id,
    survey_name: row.survey_name,
    role,
    role_label: ROLE_LABELS[role],
    active: row.active === 1,
    participants: counts.get(row.id)?.participants ?? 0,
    finished: counts.get(row.id)?.finished ?? 0,
    created_at: row.created_at,
    updated_at: row.updated_at,
    bearbeiten: row.bearbeiten ? 1 : 0,
    intrance: row.intrance ? 1 : 0,
    testen: row.testen ? 1 : 0,
    live_switch: row.live_switch ? 1 : 0,
    analyse: row.analyse ? 1 : 0,
    pending_invite: pending,
  }));
  return { surveys };
}

/**
 * POST /api/create_survey: a new inactive dialog owned by the caller, with the start and end markers
 * and the default settings (German welcome and ending, language de, speed 0.5).
 */
export async function createSurvey(ctx: Pick<AppContext, 'db' | 'now'>, ownerId: number, name: string) {
  const surveyId = newSurveyId();
  const settings = defaultSettings(name);
  const now = ctx.now();
  await insertSurvey(ctx.db, {
    survey_id: surveyId,
    owner_id: ownerId,
    survey_name: name,
    welcome: settings.welcome,
    ending: settings.ending,
    settings: storedSettings(settings),
    templ_options: '{}',
    structure: JSON.stringify(defaultMarkers(surveyId)),
    created_at: now,
    updated_at: now,
  });
  return { survey_id: surveyId };
}

const COPY_SUFFIX = ' (Kopie)';

/**
 * POST /api/duplicate_survey: a copy owned by the caller and inactive, with new block ids (jumps
 * remapped), copies of the media files under new names (references in texts and settings renamed),
 * and the GPT exit conditions and training examples of the blocks. Members, sessions and answers
 * stay with the original.
 */
export async function duplicateSurvey(ctx: AppContext, access: DialogAccess) {
  const src = access.survey;
  const blocks = await listBlocks(ctx.db, src.id);
  const media = await listMedia(ctx.db, src.id);
  const conditions = await gptExitConditions(ctx.db, src.id);
  const examples = await listTrainingExamples(ctx.db, src.id);

  const surveyId = newSurveyId();
  const ids = new Map(blocks.map((b) => [b.unique_question_id, newBlockId()]));
  ids.set(startNodeId(src.survey_id), startNodeId(surveyId));
  ids.set(endNodeId(src.survey_id), endNodeId(surveyId));
  const mapId = (id: string | null) => (id === null ? null : (ids.get(id) ?? null));

  const files = new Map<string, string>();
  for (const m of media) {
    const copy = newMediaFilename(extname(m.filename_db).slice(1) || 'bin');
    if (await copyMediaFile(ctx.config, m.filename_db, copy)) files.set(m.filename_db, copy);
  }
  const renameFiles = (text: string) => {
    let out = text;
    for (const [from, to] of files) out = out.replaceAll(from, to);
    return out;
  };

  const now = ctx.now();
  try {
    await ctx.db.transaction().execute(async (db) => {
      const id = await insertSurvey(db, {
        survey_id: surveyId,
        owner_id: access.userId,
        survey_name: `${src.survey_name.slice(0, 200 - COPY_SUFFIX.length)}${COPY_SUFFIX}`,
        welcome: renameFiles(src.welcome),
        ending: renameFiles(src.ending),
        settings: renameFiles(src.settings),
        templ_options: src.templ_options,
        structure: JSON.stringify(markersFromRow(src).map((m) => ({ ...m, id: mapId(m.id)! }))),
        bearbeiten: src.bearbeiten,
        intrance: src.intrance,
        testen: src.testen,
        live_switch: src.live_switch,
        analyse: src.analyse,
        active: 0,
        created_at: now,
        updated_at: now,
      });
      const blockRows = blocks.map((b) => {
        const content = contentFromRow(b);
        const columns = columnsFromContent({
          ...content,
          jump_to_ids: content.jump_to_ids.map(mapId),
          jump_to_question: mapId(content.jump_to_question),
          field_jumps: content.field_jumps.flatMap((j) => {
            const target = mapId(j.target);
            return target === null ? [] : [{ ...j, target }];
          }),
          filename_db: content.filename_db === null ? null : (files.get(content.filename_db) ?? null),
        });
        return {
          ...columns,
          context: renameFiles(columns.context),
          nachfrage: renameFiles(columns.nachfrage),
          acknowledgement: renameFiles(columns.acknowledgement),
          data: renameFiles(columns.data),
          unique_question_id: ids.get(b.unique_question_id)!,
          survey_id: id,
          ord: b.ord,
          created_on: now,
          updated_at: now,
        };
      });
      await insertBlocks(db, blockRows);
      for (const m of media) {
        const copy = files.get(m.filename_db);
        if (!copy) continue;
        const { id: _rowId, ...rest } = m;
        await insertMedia(db, {
          ...rest,
          survey_id: id,
          filename_db: copy,
          location: renameFiles(m.location),
          created_at: now,
        });
      }
      for (const c of conditions) {
        const question = ids.get(c.unique_question_id);
        if (!question) continue;
        await insertGptExitCondition(db, {
          survey_id: id,
          unique_question_id: question,
          condition: c.condition,
          created_at: now,
          updated_at: now,
        });
      }
      for (const e of examples) {
        const question = ids.get(e.unique_question_id);
        if (!question) continue;
        await insertTrainingExample(db, {
          survey_id: id,
          unique_question_id: question,
          branch: e.branch,
          text: e.text,
          source: e.source,
          created_at: now,
        });
      }
    });
  } catch (err) {
    await removeMediaFiles(ctx.config, [...files.values()]);
    throw err;
  }
  return { survey_id: surveyId };
}

/** POST /api/delete_survey (owner only): the dialog with everything that belongs to it, files too. */
export async function deleteSurvey(ctx: AppContext, access: DialogAccess) {
  const media = await listMedia(ctx.db, access.survey.id);
  await deleteSurveyRow(ctx.db, access.survey.id);
  await removeMediaFiles(
    ctx.config,
    media.map((m) => m.filename_db),
  );
  return { msg: 'success' as const };
}
