import { describe, expect, it } from 'vitest';
import { endNodeId, startNodeId } from '../../contract/blocks.ts';
import { BLOCK_NOT_FOUND } from '../dialogs/errors.ts';
import { insertRespondent, type Step } from '../test/analytics-data.ts';
import { bearer } from '../test/app.ts';
import { blockId, createChatDialog } from '../test/chat-fixtures.ts';
import { addMember, authorSession, blockOf, blocksCall, liveToken } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

const t = appForFile();
const me = authorForFile(t);

describe('answer_count (asked before a delete)', () => {
  const countUrl = (sid: string, question: string) => `/api/surveys/${sid}/blocks/${question}/answer_count`;
  const getCount = (token: string | undefined, sid: string, question: string) =>
    t.app.inject({ method: 'GET', url: countUrl(sid, question), headers: token ? bearer(token) : {} });

  /** A dialog of the signed-in author with two question blocks, and answers stored as the chat does. */
  async function answeredDialog() {
    const dialog = await createChatDialog(
      t,
      [
        { id: 'farbe', type: 'single_choice', options: ['Rot', 'Blau'], nachfrage: 'Warum?' },
        { id: 'wo', type: 'multiple_choice', options: ['Hier', 'Dort'] },
        { id: 'info', type: 'message' },
      ],
      { ownerId: me.id },
    );
    const at = t.clock.now;
    const answer = (mode: 'live' | 'test', steps: Step[]) =>
      insertRespondent(t, dialog, { mode, started: at, steps });
    // Two live chats answered 'farbe' (one with a follow-up: still one chat), one test chat did.
    await answer('live', [
      {
        block: 'farbe',
        shown: at,
        answered: at + 1,
        values: ['Rot'],
        followup: { asked: at + 2, answered: at + 3, value: 'So' },
      },
    ]);
    await answer('live', [
      { block: 'farbe', shown: at, answered: at + 1, values: ['Blau'] },
      // Two options chosen: two answer rows, one chat.
      { block: 'wo', shown: at + 2, answered: at + 3, values: ['Hier', 'Dort'] },
    ]);
    await answer('test', [{ block: 'farbe', shown: at, answered: at + 1, values: ['Rot'] }]);
    // Shown but not answered: no stored answer.
    await answer('live', [{ block: 'wo', shown: at }]);
    return {
      sid: dialog.surveyId,
      farbe: blockId('farbe', dialog.surveyId),
      wo: blockId('wo', dialog.surveyId),
      info: blockId('info', dialog.surveyId),
    };
  }

  it('counts the chats with stored answers to the block, live and test apart', async () => {
    const d = await answeredDialog();
    const farbe = await getCount(me.token, d.sid, d.farbe);
    expect(farbe.statusCode, farbe.body).toBe(200);
    expect(farbe.json()).toEqual({ unique_question_id: d.farbe, live: 2, test: 1 });
    expect((await getCount(me.token, d.sid, d.wo)).json()).toEqual({
      unique_question_id: d.wo,
      live: 1,
      test: 0,
    });
    expect((await getCount(me.token, d.sid, d.info)).json()).toEqual({
      unique_question_id: d.info,
      live: 0,
      test: 0,
    });
  });

  it('a deleted block has no count (404); undone, its answers count again', async () => {
    const d = await answeredDialog();
    const before = await blockOf(t, me.token, d.sid, d.farbe);
    expect(
      (await blocksCall(t, me.token, d.sid, { action: 'delete', unique_question_id: d.farbe })).statusCode,
    ).toBe(200);
    const gone = await getCount(me.token, d.sid, d.farbe);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ title: 'not_found', msg: BLOCK_NOT_FOUND });
    const { unique_question_id: _, survey_id: __, version: ___, ...fields } = before;
    const back = await blocksCall(t, me.token, d.sid, {
      ...fields,
      action: 'recreate',
      unique_question_id: d.farbe,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await getCount(me.token, d.sid, d.farbe)).json()).toMatchObject({ live: 2, test: 1 });
  });

  it('answers 404 for markers, unknown blocks and blocks of another dialog', async () => {
    const d = await answeredDialog();
    const other = await answeredDialog();
    for (const question of [startNodeId(d.sid), endNodeId(d.sid), 'gibtsnicht', other.farbe]) {
      const res = await getCount(me.token, d.sid, question);
      expect(res.statusCode, question).toBe(404);
      expect(res.json().msg).toBe(BLOCK_NOT_FOUND);
    }
  });

  it('refuses malformed ids with 400 naming the field and the rule', async () => {
    const d = await answeredDialog();
    const bad = await getCount(me.token, d.sid, 'a%20b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().title).toBe('validation_error');
    expect(bad.json().msg).toMatch(/^question_id: /);
    expect(bad.json().msg).toContain('nur Buchstaben, Ziffern, _ und -');
    // Past 100 characters the router refuses the path itself (414, as for every path parameter).
    const long = await getCount(me.token, d.sid, 'x'.repeat(101));
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ title: 'validation_error', msg: 'Die Adresse ist zu lang.' });
    const badSid = await getCount(me.token, 'y'.repeat(65), d.farbe);
    expect(badSid.statusCode).toBe(400);
    expect(badSid.json().msg).toMatch(/^id: .*höchstens 64 Zeichen/);
  });

  it('needs the configure right: analysts and trainers 403, strangers 404, no token 401', async () => {
    const d = await answeredDialog();
    const analyst = await authorSession(t);
    const trainer = await authorSession(t);
    const editor = await authorSession(t);
    const stranger = await authorSession(t);
    await addMember(t, d.sid, analyst.id, 'analyse');
    await addMember(t, d.sid, trainer.id, 'train');
    await addMember(t, d.sid, editor.id, 'edit_train');
    expect((await getCount(analyst.token, d.sid, d.farbe)).statusCode).toBe(403);
    expect((await getCount(trainer.token, d.sid, d.farbe)).statusCode).toBe(403);
    expect((await getCount(editor.token, d.sid, d.farbe)).json()).toMatchObject({ live: 2, test: 1 });
    expect((await getCount(stranger.token, d.sid, d.farbe)).statusCode).toBe(404);
    expect((await getCount(undefined, d.sid, d.farbe)).statusCode).toBe(401);
    expect((await getCount(await liveToken(t, d.sid), d.sid, d.farbe)).statusCode).toBe(403);
    // The Bearbeiten module switched off: nobody configures, nobody counts.
    await t.database.db
      .updateTable('surveys')
      .set({ bearbeiten: 0 })
      .where('survey_id', '=', d.sid)
      .execute();
    expect((await getCount(me.token, d.sid, d.farbe)).statusCode).toBe(403);
  });
});
