import { afterAll, describe, expect, it } from 'vitest';
import { hiddenFieldInvalid, hiddenFieldMissing } from '../../contract/hidden-values.ts';
import { chatCall, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { authorSession, call } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';
import { insertEndpoint } from '../webhooks/queries.ts';

/** Hidden fields (issue 22): declared per dialog, taken from the link at the chat's start. */

const t = appForFile({ WEBHOOK_WORKER: '0' });
const owner = authorForFile(t);
afterAll(async () => {
  await t?.close();
});

async function panelDialog() {
  const dialog = await createChatDialog(
    t,
    [
      { id: 'hello', type: 'message', context: 'Ihre Panel-ID: {{pid}}' },
      { id: 'age', type: 'number', context: 'Alter?' },
    ],
    { ownerId: owner.id },
  );
  const set = await call(t, owner.token, '/api/set_hidden_fields', {
    survey_id: dialog.surveyId,
    fields: [
      { name: 'pid', required: true },
      { name: 'src', required: false },
    ],
  });
  expect(set.statusCode).toBe(200);
  return dialog;
}

const start = async (surveyId: string, hidden?: Record<string, string>) => {
  const { token_live: token } = await registerLive(t, surveyId);
  return chatCall(t, token, '/api/chat/start', { survey_id: surveyId, ...(hidden ? { hidden } : {}) });
};

const storedHidden = async (surveyInt: number) =>
  (
    await t.database.db
      .selectFrom('chat_sessions')
      .select('hidden_fields')
      .where('survey_id', '=', surveyInt)
      .execute()
  ).map((r) => r.hidden_fields);

describe('hidden fields', () => {
  it('are declared by editors and listed in order', async () => {
    const dialog = await panelDialog();
    const res = await call(t, owner.token, '/api/get_hidden_fields', { survey_id: dialog.surveyId });
    expect(res.json()).toEqual({
      fields: [
        { name: 'pid', required: true },
        { name: 'src', required: false },
      ],
    });
    const doubled = await call(t, owner.token, '/api/set_hidden_fields', {
      survey_id: dialog.surveyId,
      fields: [
        { name: 'pid', required: true },
        { name: 'PID', required: false },
      ],
    });
    expect(doubled.statusCode).toBe(400);
    const stranger = await authorSession(t);
    const foreign = await call(t, stranger.token, '/api/set_hidden_fields', {
      survey_id: dialog.surveyId,
      fields: [],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('are stored with the session, piped as {{name}}, and unknown parameters are ignored', async () => {
    const dialog = await panelDialog();
    const res = await start(dialog.surveyId, { pid: '123', src: 'panel', junk: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.map((m: { context: string }) => m.context)).toContain('Ihre Panel-ID: 123');
    expect((await storedHidden(dialog.id)).map((h) => JSON.parse(h ?? 'null'))).toEqual([
      { pid: '123', src: 'panel' },
    ]);
  });

  it('a missing required field or an invalid value stops the start with a clear message', async () => {
    const dialog = await panelDialog();
    const missing = await start(dialog.surveyId, { src: 'panel' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe(hiddenFieldMissing('pid'));
    const invalid = await start(dialog.surveyId, { pid: '<script>' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().msg).toBe(hiddenFieldInvalid('pid'));
    expect(await storedHidden(dialog.id)).toEqual([]);
  });

  it('a dialog without hidden fields ignores the parameters', async () => {
    const dialog = await createChatDialog(t, [{ id: 'age', type: 'number', context: 'Alter?' }], {
      ownerId: owner.id,
    });
    expect((await start(dialog.surveyId, { pid: '1' })).statusCode).toBe(200);
    expect(await storedHidden(dialog.id)).toEqual([null]);
  });

  it("go into the webhooks' payloads", async () => {
    const dialog = await panelDialog();
    await insertEndpoint(t.database.db, {
      surveyId: dialog.id,
      url: 'https://example.org/hook',
      events: JSON.stringify(['chat.started']),
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      now: t.clock.now,
    });
    expect((await start(dialog.surveyId, { pid: 'A-7' })).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.payload).data.hidden_fields).toEqual({ pid: 'A-7' });
  });
});
