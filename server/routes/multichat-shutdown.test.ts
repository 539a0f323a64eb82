import { describe, expect, it } from 'vitest';
import type { MultichatTurnResponse } from '../../contract/multichat.ts';
import { createTestApp } from '../test/app.ts';
import { createChatDialog } from '../test/chat-fixtures.ts';
import { authorSession, call, createManager } from '../test/dialogs.ts';

/**
 * Shutting down answers open long polls at once: without it app.close() waits for each /wait to run
 * out (25 s), longer than a container's stop timeout.
 */
describe('multichat/wait on shutdown', () => {
  it('an open long poll answers with no entries when the server closes', { timeout: 15_000 }, async () => {
    const t = await createTestApp();
    const owner = await authorSession(t);
    const { surveyId } = await createChatDialog(
      t,
      [{ id: 'q', type: 'single_choice', context: 'Bereit?', options: ['Ja'] }],
      { ownerId: owner.id, settings: { welcome: '', ending: '' } },
    );
    const manager = await createManager(t, owner.token, 'Spiel', [surveyId]);
    const begun = (
      await call(t, owner.token, '/api/multichat/start', { dialog_manager_id: manager })
    ).json() as MultichatTurnResponse;
    const last = begun.messages.at(-1)!.id;

    const waiting = call(t, owner.token, '/api/multichat/wait', {
      dialog_manager_id: manager,
      after_id: last,
    });
    // Let the wait reach its subscription before the close.
    await new Promise((resolve) => setTimeout(resolve, 200));
    // (app.close() does not wait for injected requests as it waits for real ones: the database stays open
    // until the wait has answered.)
    await t.app.close();
    const res = await waiting;
    await t.database.close();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ messages: [], finished: false });
  });
});
