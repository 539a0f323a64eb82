import { describe, expect, it } from 'vitest';
import { createChatDialog } from '../test/chat-fixtures.ts';
import { appForFile } from '../test/per-file.ts';
import { attachFirstVersions } from './first-versions.ts';

/**
 * Migration 0022's data half: a dialog from before versions becomes 'direct' with its content as
 * version 1, and its sessions are attached to it; running it again changes nothing.
 */

const t = appForFile();

describe('attachFirstVersions', () => {
  it('makes version 1 of each dialog without one and attaches its sessions', async () => {
    const db = t.database.db;
    const dialog = await createChatDialog(t, [{ id: 'q', type: 'message', context: 'Hallo' }]);
    const session = await db
      .insertInto('chat_sessions')
      .values({
        survey_id: dialog.id,
        participant_id: null,
        user_id: dialog.ownerId,
        mode: 'test',
        manager_session_id: null,
        state: '{}',
        started_at: t.clock.now,
        updated_at: t.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await attachFirstVersions(t.ctx);
    await attachFirstVersions(t.ctx);
    const versions = await db
      .selectFrom('dialog_versions')
      .select(['id', 'number'])
      .where('survey_id', '=', dialog.id)
      .execute();
    expect(versions.map((v) => v.number)).toEqual([1]);
    const row = await db
      .selectFrom('chat_sessions')
      .select('version_id')
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(row.version_id).toBe(versions[0]!.id);
    const survey = await db
      .selectFrom('surveys')
      .select(['version_mode', 'live_version_id'])
      .where('id', '=', dialog.id)
      .executeTakeFirstOrThrow();
    expect(survey).toEqual({ version_mode: 'direct', live_version_id: null });
  });
});
