import { expect } from 'vitest';
import { bearer } from './app.ts';
import { addBlock, call, goLive, newDialog } from './dialogs.ts';
import { appForFile, authorForFile } from './per-file.ts';

/** The dialogs, managers and calls of the dialog manager route tests (server/routes/manager*.test.ts). */

export interface World {
  manager: number;
  a: { sid: string; q1: string; q2: string };
  b: { sid: string; q1: string; q2: string };
  outside: { sid: string; q1: string };
}

/**
 * The app of one file with three signed-in authors (the owner of the managers, another and a stranger),
 * and the calls on it as the owner; all filled in before the first test (appForFile, authorForFile).
 */
export function managersForFile() {
  const t = appForFile();
  const owner = authorForFile(t);
  const other = authorForFile(t);
  const stranger = authorForFile(t);

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const del = (url: string, token?: string) =>
    t.app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} });

  async function dialogWithBlocks(token: string, name: string) {
    const sid = await newDialog(t, token, name);
    return {
      sid,
      q1: await addBlock(t, token, sid, 'single_choice'),
      q2: await addBlock(t, token, sid, 'message'),
    };
  }

  /** A manager of the owner with dialogs A and B, and a dialog of the owner outside it. */
  async function world(): Promise<World> {
    const a = await dialogWithBlocks(owner.token, 'Teil A');
    const b = await dialogWithBlocks(owner.token, 'Teil B');
    const outside = await dialogWithBlocks(owner.token, 'Draußen');
    const res = await call(t, owner.token, '/api/create_dialogmanager', {
      name: 'Krimi',
      connected_surveys: [
        { survey_id: b.sid, order: 2 },
        { survey_id: a.sid, order: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return { manager: res.json().dialog_manager_id, a, b, outside };
  }

  /** Switches dialogs live (new dialogs are drafts). */
  async function activate(token: string, ...surveyIds: string[]) {
    for (const survey_id of surveyIds) await goLive(t, token, survey_id);
  }

  function trigger(w: World, body: Record<string, unknown>, token = owner.token) {
    return call(t, token, '/api/create_trigger', {
      dialog_manager_id: w.manager,
      survey_id: w.a.sid,
      unique_question_id: w.a.q1,
      trigger: `moveTo;${w.b.sid};${w.b.q1}`,
      init_survey: false,
      ...body,
    });
  }

  return { t, owner, other, stranger, get, del, dialogWithBlocks, world, activate, trigger };
}

/** The status and a part of the German msg (or a pattern it matches). */
export function expectError(
  res: { statusCode: number; json(): { msg: string } },
  status: number,
  msg: string | RegExp,
) {
  expect(res.statusCode).toBe(status);
  if (typeof msg === 'string') expect(res.json().msg).toContain(msg);
  else expect(res.json().msg).toMatch(msg);
}
