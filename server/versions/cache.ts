import type { AppContext } from '../context.ts';
import { type PlayableVersion, playable, type VersionContent } from './content.ts';
import { versionById } from './queries.ts';
import { currentModelPins, type VersionedSurvey, versionOf, workingContent } from './snapshot.ts';

/**
 * Every chat turn needs its session's version parsed and prepared; doing that per turn would dominate
 * it. Versions never change, so a prepared version is kept per process by its id, read once from the
 * database. A version made inside a turn's transaction is not kept until a later turn reads it back
 * (the transaction could still roll back, and SQLite may give its id to another row).
 *
 * Which version a new chat gets in 'direct' mode (the working copy's) is kept per dialog under the
 * dialog's edit counter (surveys.version, bumped by every write to it or its blocks) and the models its
 * free-text blocks route by: a new chat costs one small query of the models, and the working copy is
 * read and hashed again only after a change.
 */

type Db = AppContext['db'];

/** A dialog as a chat reads it (chat/queries.ts CHAT_SURVEY_COLUMNS). */
export type ChatSurvey = VersionedSurvey & {
  survey_id: string;
  version: number;
  version_mode: string;
  live_version_id: number | null;
};

const MAX_VERSIONS = 1000;
const MAX_DIALOGS = 1000;

// One cache per database, so that apps on different databases in one process (tests) never mix.
const prepared = new WeakMap<object, Map<number, PlayableVersion>>();
const working = new WeakMap<object, Map<number, { stamp: string; id: number }>>();

function cacheOf<V>(caches: WeakMap<object, Map<number, V>>, key: object): Map<number, V> {
  let cache = caches.get(key);
  if (!cache) {
    cache = new Map();
    caches.set(key, cache);
  }
  return cache;
}

/** Re-inserted so that the Map's order is least recently used first; the oldest goes when full. */
function remember<V>(cache: Map<number, V>, key: number, value: V, max: number) {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > max) cache.delete(cache.keys().next().value!);
}

/** A stored version, prepared; undefined when no such row exists. */
export async function playableById(
  ctx: Pick<AppContext, 'db'>,
  db: Db,
  id: number,
  publicId: string,
): Promise<PlayableVersion | undefined> {
  const cache = cacheOf(prepared, ctx.db);
  const hit = cache.get(id);
  if (hit) {
    remember(cache, id, hit, MAX_VERSIONS);
    return hit;
  }
  const row = await versionById(db, id);
  if (!row) return undefined;
  const version = playable(row.id, row.number, publicId, JSON.parse(row.content) as VersionContent);
  remember(cache, id, version, MAX_VERSIONS);
  return version;
}

/** The working copy as a version (found or made), for a chat that starts on it. */
export async function workingVersion(
  ctx: Pick<AppContext, 'db' | 'now'>,
  db: Db,
  survey: ChatSurvey,
  userId: number | null = null,
): Promise<PlayableVersion> {
  const pins = await currentModelPins(db, survey.id);
  const stamp = `${survey.version}|${JSON.stringify(pins)}`;
  const cache = cacheOf(working, ctx.db);
  const hit = cache.get(survey.id);
  if (hit?.stamp === stamp) {
    const version = await playableById(ctx, db, hit.id, survey.survey_id);
    if (version) return version;
  }
  const content = await workingContent(db, survey, pins);
  const { row, created } = await versionOf(db, survey.id, content, { userId, now: ctx.now() });
  if (created) return playable(row.id, row.number, survey.survey_id, content);
  remember(cache, survey.id, { stamp, id: row.id }, MAX_DIALOGS);
  return (await playableById(ctx, db, row.id, survey.survey_id))!;
}

/** The version new live chats get: the published one in 'publish' mode, else the working copy's. */
export async function liveVersion(ctx: Pick<AppContext, 'db' | 'now'>, db: Db, survey: ChatSurvey) {
  if (survey.version_mode === 'publish' && survey.live_version_id !== null) {
    const published = await playableById(ctx, db, survey.live_version_id, survey.survey_id);
    if (published) return published;
  }
  return workingVersion(ctx, db, survey);
}

/**
 * A dialog as respondents see it outside the chat (its look, language, privacy text): in 'publish' mode
 * with the name, texts and settings of the published version, so a draft's look reaches nobody either.
 */
export async function respondentsView<S extends ChatSurvey>(
  ctx: Pick<AppContext, 'db'>,
  survey: S,
): Promise<S> {
  if (survey.version_mode !== 'publish' || survey.live_version_id === null) return survey;
  const published = await playableById(ctx, ctx.db, survey.live_version_id, survey.survey_id);
  return published ? { ...survey, ...published.texts } : survey;
}

/** A session's version; a session without one (or whose version is gone) plays what new chats get. */
export async function sessionVersion(
  ctx: Pick<AppContext, 'db' | 'now'>,
  db: Db,
  survey: ChatSurvey,
  versionId: number | null,
): Promise<PlayableVersion> {
  const own = versionId === null ? undefined : await playableById(ctx, db, versionId, survey.survey_id);
  return own ?? liveVersion(ctx, db, survey);
}
