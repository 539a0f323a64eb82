import type { MediaKind } from '../../contract/text-content.ts';
import type { AppContext } from '../context.ts';
import { listBlocks } from '../dialogs/queries.ts';
import { listMedia } from '../media/queries.ts';
import { contentHash, type ModelPin, type VersionContent, versionBlock } from './content.ts';
import {
  exitConditionRows,
  highestNumber,
  insertVersionIfNew,
  modelPinRows,
  versionByHash,
} from './queries.ts';

/**
 * Making versions: the working copy read as a version's content, and the version of a content found or
 * made (once per distinct content: its hash is unique per dialog, so a dialog edited a thousand times
 * between chats gets one version per content a chat or a publish needed, not one per edit).
 */

type Db = AppContext['db'];

/** The dialog's row fields a version holds. */
export type VersionedSurvey = {
  id: number;
  survey_name: string;
  welcome: string;
  ending: string;
  settings: string;
};

const MEDIA_KIND: Record<string, MediaKind> = {
  image: 'image',
  logo: 'image',
  avatar: 'image',
  audio: 'audio',
  video: 'video',
};

/** The models free-text blocks route by now, keyed as the version stores them. */
export async function currentModelPins(db: Db, surveyId: number): Promise<Record<string, ModelPin>> {
  const rows = await modelPinRows(db, surveyId);
  return Object.fromEntries(
    rows.map((r) => [
      r.unique_question_id,
      { version: Number(r.version), threshold: r.threshold === null ? null : Number(r.threshold) },
    ]),
  );
}

/** The working copy as a version's content; pins: the models read already (currentModelPins). */
export async function workingContent(
  db: Db,
  survey: VersionedSurvey,
  pins?: Record<string, ModelPin>,
): Promise<VersionContent> {
  const [rows, media, conditions, models] = await Promise.all([
    listBlocks(db, survey.id),
    listMedia(db, survey.id),
    exitConditionRows(db, survey.id),
    pins ?? currentModelPins(db, survey.id),
  ]);
  const exit: Record<string, string[]> = {};
  for (const c of conditions)
    exit[c.unique_question_id] = [...(exit[c.unique_question_id] ?? []), c.condition];
  const present = new Set(rows.map((r) => r.unique_question_id));
  return {
    survey_name: survey.survey_name,
    welcome: survey.welcome,
    ending: survey.ending,
    settings: survey.settings,
    blocks: rows.map(versionBlock),
    exit_conditions: Object.fromEntries(Object.entries(exit).filter(([id]) => present.has(id))),
    media: Object.fromEntries(media.map((m) => [m.filename_db, MEDIA_KIND[m.type] ?? 'image'])),
    models: Object.fromEntries(Object.entries(models).filter(([id]) => present.has(id))),
  };
}

/** Attempts at a free number when other processes number versions of the same dialog at the same time. */
const NUMBER_ATTEMPTS = 8;

/**
 * The version with this content: found by its hash, or made with the next number. created: whether this
 * call made it (inside the caller's transaction, which may still roll back).
 */
export async function versionOf(
  db: Db,
  surveyId: number,
  content: VersionContent,
  by: { userId: number | null; now: number },
) {
  const hash = contentHash(content);
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
    const found = await versionByHash(db, surveyId, hash);
    if (found) return { row: found, created: attempt > 0 };
    await insertVersionIfNew(db, {
      survey_id: surveyId,
      number: (await highestNumber(db, surveyId)) + 1,
      hash,
      content: JSON.stringify(content),
      created_at: by.now,
      created_by: by.userId,
      note: null,
      published_at: null,
      published_by: null,
    });
  }
  throw new Error(`No free version number for dialog ${surveyId}`);
}
