import type {
  DiffVersionsResponse,
  ListVersionsResponse,
  VersionMode,
  VersionRef,
  VersionStateResponse,
  VersionSummary,
} from '../../contract/versions.ts';
import type { AppContext } from '../context.ts';
import { updateSurvey } from '../dialogs/queries.ts';
import { notFound } from '../http/errors.ts';
import type { DialogAccess, SurveyRow } from '../sharing/permissions.ts';
import { recordVersionPublished } from '../webhooks/outbox.ts';
import { contentHash, type VersionContent } from './content.ts';
import { diffContents } from './diff.ts';
import { VERSION_NOT_FOUND } from './errors.ts';
import {
  chatCounts,
  highestNumber,
  listVersionRows,
  markPublished,
  runningLiveChats,
  versionById,
  versionByNumber,
} from './queries.ts';
import { versionOf, workingContent } from './snapshot.ts';

/**
 * A dialog's versions as authors see them (contract/versions.ts): the mode, publishing, the history,
 * the diff of two versions. Restoring is in restore.ts; what chats play is in cache.ts.
 */

type Db = AppContext['db'];

/** The version new live chats get, by id: the published one in 'publish' mode, else the working copy's. */
async function liveVersionId(db: Db, survey: SurveyRow, workingHash: string): Promise<number | null> {
  if (survey.version_mode === 'publish' && survey.live_version_id !== null) return survey.live_version_id;
  const rows = await listVersionRows(db, survey.id);
  return rows.find((r) => r.hash === workingHash)?.id ?? null;
}

async function stateOf(db: Db, survey: SurveyRow): Promise<VersionStateResponse & { liveId: number | null }> {
  const working = contentHash(await workingContent(db, survey));
  const liveId = await liveVersionId(db, survey, working);
  const live = liveId === null ? undefined : await versionById(db, liveId);
  const liveHash = live ? contentHash(JSON.parse(live.content) as VersionContent) : null;
  return {
    mode: survey.version_mode === 'publish' ? 'publish' : 'direct',
    live_version: live?.number ?? null,
    draft_differs: liveHash !== working,
    latest_version: (await highestNumber(db, survey.id)) || null,
    active: survey.active === 1,
    running_chats: await runningLiveChats(db, survey.id),
    liveId,
  };
}

const publicState = ({ liveId: _id, ...state }: Awaited<ReturnType<typeof stateOf>>): VersionStateResponse =>
  state;

/** POST /api/get_version_state. */
export async function versionState(ctx: AppContext, access: DialogAccess) {
  return publicState(await stateOf(ctx.db, access.survey));
}

const authorName = (r: { first_name: string | null; last_name: string | null; username: string | null }) =>
  `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username || null;

async function summaries(db: Db, surveyId: number, liveId: number | null): Promise<VersionSummary[]> {
  const counts = new Map<string, number>();
  for (const c of await chatCounts(db, surveyId)) counts.set(`${c.version_id}:${c.mode}`, Number(c.n));
  return (await listVersionRows(db, surveyId)).map((r) => ({
    number: r.number,
    created_at: Number(r.created_at),
    author: authorName(r),
    note: r.note,
    published: r.published_at !== null,
    published_at: r.published_at === null ? null : Number(r.published_at),
    chats: counts.get(`${r.id}:live`) ?? 0,
    test_chats: counts.get(`${r.id}:test`) ?? 0,
    live: r.id === liveId,
  }));
}

/** POST /api/list_versions: the history, newest first. */
export async function listVersions(ctx: AppContext, access: DialogAccess): Promise<ListVersionsResponse> {
  const state = await stateOf(ctx.db, access.survey);
  return { ...publicState(state), versions: await summaries(ctx.db, access.survey.id, state.liveId) };
}

/** A side of a diff: a stored version's content, or the working copy's. */
async function contentAt(db: Db, survey: SurveyRow, ref: VersionRef): Promise<VersionContent> {
  if (ref === 'draft') return workingContent(db, survey);
  const row = await versionByNumber(db, survey.id, ref);
  if (!row) throw notFound(VERSION_NOT_FOUND(ref));
  return JSON.parse(row.content) as VersionContent;
}

/** POST /api/diff_versions. */
export async function diffVersions(
  ctx: AppContext,
  access: DialogAccess,
  from: VersionRef,
  to: VersionRef,
): Promise<DiffVersionsResponse> {
  const [a, b] = await Promise.all([
    contentAt(ctx.db, access.survey, from),
    contentAt(ctx.db, access.survey, to),
  ]);
  return { from, to, ...diffContents(a, b) };
}

/** The working copy as a version, published: new chats get it in 'publish' mode. Inside db's transaction. */
async function publishWorking(ctx: AppContext, db: Db, access: DialogAccess, note: string | null) {
  const now = ctx.now();
  const content = await workingContent(db, access.survey);
  const { row } = await versionOf(db, access.survey.id, content, { userId: access.userId, now });
  await markPublished(db, row.id, { at: now, by: access.userId, note: note ?? row.note });
  return { id: row.id, number: row.number, now, note: note ?? row.note };
}

/** POST /api/publish_version: new chats get the working copy; sends 'version.published'. */
export function publishVersion(ctx: AppContext, access: DialogAccess, note: string | undefined) {
  return ctx.db.transaction().execute(async (db) => {
    const published = await publishWorking(ctx, db, access, note?.trim() || null);
    const survey = { ...access.survey, live_version_id: published.id };
    if (access.survey.version_mode === 'publish')
      await updateSurvey(db, survey.id, { live_version_id: published.id });
    await recordVersionPublished(db, {
      surveyId: survey.id,
      number: published.number,
      note: published.note,
      by: access.userId,
      now: published.now,
    });
    const state = await stateOf(db, survey);
    const version = (await summaries(db, survey.id, state.liveId)).find(
      (v) => v.number === published.number,
    )!;
    return { ...publicState(state), version };
  });
}

/**
 * POST /api/set_version_mode. To 'publish': the working copy is published as it is, so respondents keep
 * getting what they got. To 'direct': new chats get the working copy.
 */
export function setVersionMode(ctx: AppContext, access: DialogAccess, mode: VersionMode) {
  return ctx.db.transaction().execute(async (db) => {
    let survey: SurveyRow = { ...access.survey, version_mode: mode };
    if (mode === 'publish' && access.survey.version_mode !== 'publish') {
      const published = await publishWorking(ctx, db, access, null);
      survey = { ...survey, live_version_id: published.id };
    } else if (mode === 'direct') {
      survey = { ...survey, live_version_id: null };
    }
    await updateSurvey(db, survey.id, {
      version_mode: survey.version_mode,
      live_version_id: survey.live_version_id,
    });
    return publicState(await stateOf(db, survey));
  });
}

export { publicState, stateOf };
