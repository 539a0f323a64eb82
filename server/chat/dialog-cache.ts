import type { MediaKind } from '../../contract/text-content.ts';
import type { AppContext } from '../context.ts';
import { listBlocks } from '../dialogs/queries.ts';
import { blockFromRow, settingsFromRow } from '../dialogs/rows.ts';
import { listMedia } from '../media/queries.ts';
import type { SurveyRow } from '../sharing/permissions.ts';
import { prepareDialog } from './engine/prepare.ts';
import type { PreparedDialog } from './engine/types.ts';
import { textTools } from './text-tools.ts';

/**
 * Every chat turn needs the whole dialog; loading and parsing its blocks each time would dominate a
 * turn. The parsed dialog is kept per process, keyed by the dialog's version, which every write to the
 * dialog or its blocks bumps in the same transaction: a turn reads the version anyway (with the active
 * flag), so a changed dialog is reloaded on its next turn, on every server process.
 */
export type ChatSurvey = Pick<
  SurveyRow,
  'id' | 'survey_id' | 'survey_name' | 'welcome' | 'ending' | 'settings' | 'version'
>;

const MAX_DIALOGS = 500;

// One cache per database, so that apps on different databases in one process (tests) never mix.
const caches = new WeakMap<object, Map<number, { version: number; dialog: PreparedDialog }>>();

const MEDIA_KIND: Record<string, MediaKind> = {
  image: 'image',
  logo: 'image',
  avatar: 'image',
  audio: 'audio',
  video: 'video',
};

async function loadDialog(db: AppContext['db'], survey: ChatSurvey): Promise<PreparedDialog> {
  const [rows, media] = await Promise.all([listBlocks(db, survey.id), listMedia(db, survey.id)]);
  const settings = settingsFromRow(survey);
  return prepareDialog(
    {
      survey_id: survey.survey_id,
      welcome: settings.welcome,
      ending: settings.ending,
      language: settings.language,
      du_sie: settings.du_sie,
      progress: settings.progress,
      ending_after_end_block: settings.ending_after_end_block,
      blocks: rows.map((r) => blockFromRow(r, survey.survey_id)),
      media: Object.fromEntries(media.map((m) => [m.filename_db, MEDIA_KIND[m.type] ?? 'image'])),
      end_redirect: { url: settings.end_redirect_url, delay: settings.end_redirect_delay },
    },
    textTools,
  );
}

/** The dialog for a turn: cached per app database, loaded through `db` (the turn's transaction). */
export async function chatDialog(
  ctx: Pick<AppContext, 'db'>,
  survey: ChatSurvey,
  db: AppContext['db'] = ctx.db,
): Promise<PreparedDialog> {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new Map();
    caches.set(ctx.db, cache);
  }
  const hit = cache.get(survey.id);
  if (hit && hit.version === survey.version) return hit.dialog;
  const dialog = await loadDialog(db, survey);
  // Re-inserted so that the Map's order is least recently loaded first.
  cache.delete(survey.id);
  cache.set(survey.id, { version: survey.version, dialog });
  if (cache.size > MAX_DIALOGS) cache.delete(cache.keys().next().value!);
  return dialog;
}
