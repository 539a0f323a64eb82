import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldJump } from '../../contract/blocks.ts';
import { endNodeId } from '../../contract/blocks.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { chatOk, registerLive } from '../test/chat-fixtures.ts';
import {
  addBlock,
  authorSession,
  blockOf,
  blocksCall,
  call,
  dialogData,
  goLive,
  newDialog,
  type Session,
  setField,
} from '../test/dialogs.ts';

/**
 * Jumps on hidden fields through the real app (issue 22, 'wenn src = panel → Block X'): the rule is
 * checked and stored with the block, leads a chat begun from a panel link, follows the target through
 * delete and undo, and the pre-flight check names a rule on a field the dialog does not declare.
 */

let t: TestApp;
let owner: Session;
let sid: string;
let hello: string;
let web: string;
let panel: string;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_WORKER: '0' });
  owner = await authorSession(t);
  sid = await newDialog(t, owner.token, 'Panelstudie');
  hello = await addBlock(t, owner.token, sid, 'message');
  web = await addBlock(t, owner.token, sid, 'message');
  panel = await addBlock(t, owner.token, sid, 'message');
  await setField(t, owner.token, sid, hello, 'context', 'Hallo');
  await setField(t, owner.token, sid, web, 'context', 'Willkommen aus dem Web');
  await setField(t, owner.token, sid, web, 'is_end', 1);
  await setField(t, owner.token, sid, panel, 'context', 'Willkommen aus dem Panel');
  const declared = await call(t, owner.token, '/api/set_hidden_fields', {
    survey_id: sid,
    fields: [{ name: 'src', required: false }],
  });
  expect(declared.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

/** The texts a chat begun from a link with these hidden fields shows. */
async function chatFrom(hidden: Record<string, string>): Promise<string[]> {
  const { token_live: token } = await registerLive(t, sid);
  const started = await chatOk(t, token, '/api/chat/start', { survey_id: sid, hidden });
  return started.messages.map((m) => m.context);
}

const rules = async (id: string) => (await blockOf(t, owner.token, sid, id)).field_jumps;

describe('jumps on hidden fields', () => {
  it('refuses a rule with an unknown target or a value no link carries, naming the field', async () => {
    const unknown = await setField(t, owner.token, sid, hello, 'field_jumps', [
      { field: 'src', value: 'panel', target: 'nirgends' },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('field_jumps.0.target: unbekanntes Ziel nirgends');
    const markup = await setField(t, owner.token, sid, hello, 'field_jumps', [
      { field: 'src', value: '<b>', target: panel },
    ]);
    expect(markup.statusCode).toBe(400);
    expect(markup.json().msg).toContain('field_jumps');
    expect(await rules(hello)).toEqual([]);
  });

  it('stores the rule, and a chat from a panel link goes where it leads', async () => {
    const rule: FieldJump = { field: 'src', value: 'panel', target: panel };
    const res = await setField(t, owner.token, sid, hello, 'field_jumps', [rule]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rules(hello)).toEqual([rule]);
    await goLive(t, owner.token, sid);
    const fromPanel = await chatFrom({ src: 'panel' });
    expect(fromPanel).toContain('Willkommen aus dem Panel');
    expect(fromPanel).not.toContain('Willkommen aus dem Web');
    const fromWeb = await chatFrom({ src: 'web' });
    expect(fromWeb).toContain('Willkommen aus dem Web');
    expect(fromWeb).not.toContain('Willkommen aus dem Panel');
    // The rule may end the dialog (the end marker is a target like a block).
    await setField(t, owner.token, sid, hello, 'field_jumps', [
      { field: 'src', value: 'crm', target: endNodeId(sid) },
      rule,
    ]);
    const fromCrm = await chatFrom({ src: 'crm' });
    expect(fromCrm).toContain('Hallo');
    expect(fromCrm.join(' ')).not.toContain('Willkommen aus');
  });

  it('deleting the target removes the rule; undo puts it back in its place', async () => {
    const before = await rules(hello);
    const target = (await dialogData(t, owner.token, sid)).all_questions.find(
      (b) => b.unique_question_id === panel,
    )!;
    const del = await blocksCall(t, owner.token, sid, { action: 'delete', unique_question_id: panel });
    expect(del.statusCode).toBe(200);
    expect(await rules(hello)).toEqual(before.filter((r) => r.target !== panel));
    const back = await blocksCall(t, owner.token, sid, {
      ...target,
      action: 'recreate',
      restore_jumps: del.json().repaired_jumps,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await rules(hello)).toEqual(before);
  });

  it('the pre-flight check names a rule on a field the dialog does not declare', async () => {
    const check = async () =>
      (await call(t, owner.token, '/api/preflight', { survey_id: sid })).json().issues as {
        code: string;
        severity: string;
        unique_question_id: string | null;
        message: string;
      }[];
    expect((await check()).filter((i) => i.code === 'field_jump_unknown')).toEqual([]);
    await setField(t, owner.token, sid, hello, 'field_jumps', [
      { field: 'quelle', value: 'panel', target: panel },
    ]);
    const unknown = (await check()).filter((i) => i.code === 'field_jump_unknown');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ severity: 'warning', unique_question_id: hello });
    expect(unknown[0]!.message).toContain('„quelle“');
  });
});
