import { beforeAll, describe, expect, it } from 'vitest';
import type { SurveySummaryResponse } from '../../contract/analytics.ts';
import { type BlockSpec, blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { csvRows } from '../test/csv.ts';
import { call, setField } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

/**
 * A Likert scale scored differently after respondents answered (QA finding: inverse switched off, the
 * options showed the new values while the mean, the standard deviation and the export's '(Wert)' kept the
 * old ones, and later answers got the new ones in the same column): every figure follows the block.
 */

const SCALE = ['stimme zu', 'eher zu', 'eher nicht', 'stimme nicht zu'];
const SPECS: BlockSpec[] = [{ id: 'lk', type: 'likert', options: SCALE, inverse: 1, likert_na: 1 }];

let sid: string;
let other: string;

async function respond(surveyId: string, answer: string) {
  const { token_live: token } = await registerLive(t, surveyId);
  const turn = await chatOk(t, token, '/api/chat/start', { survey_id: surveyId });
  const done = await chatOk(t, token, '/api/chat/answer', {
    survey_id: surveyId,
    unique_question_id: turn.input!.unique_question_id,
    turn: turn.input!.turn,
    answer,
  });
  expect(done.finished).toBe(true);
}

async function likert(surveyId = sid) {
  const res = await call(t, me.token, '/api/analytics/summary', { survey_id: surveyId });
  expect(res.statusCode, res.body).toBe(200);
  const r = (res.json() as SurveySummaryResponse).blocks[0]!.result;
  if (r.kind !== 'likert') throw new Error(`likert expected, got ${r.kind}`);
  return r;
}

/** The export's '(Wert)' column by the answer given, in the order of the rows. */
async function exported(): Promise<[string, string][]> {
  const res = await call(t, me.token, '/api/excel_export', { survey_id: sid, format: 'csv' });
  expect(res.statusCode, res.body).toBe(200);
  const rows = csvRows(res.body);
  const header = rows[0]!;
  const answer = header.findIndex((h) => h.endsWith(' (Wert)')) - 1;
  return rows.slice(1).map((r) => [r[answer]!, r[answer + 1]!]);
}

async function change(key: string, value: unknown) {
  const res = await setField(t, me.token, sid, blockId('lk', sid), key, value);
  expect(res.statusCode, res.body).toBe(200);
}

const mean = (scores: number[]) => scores.reduce((a, b) => a + b, 0) / scores.length;

const t = appForFile();
const me = authorForFile(t);
beforeAll(async () => {
  sid = (await createChatDialog(t, SPECS, { ownerId: me.id })).surveyId;
  other = (await createChatDialog(t, SPECS, { ownerId: me.id })).surveyId;
  for (const answer of ['stimme zu', 'eher zu', 'eher zu', 'stimme nicht zu', 'keine Angabe']) {
    await respond(sid, answer);
  }
  await respond(other, 'stimme zu');
});

describe('a Likert scale scored differently after answers', () => {
  it('inverse as answered: the first point scores highest', async () => {
    const r = await likert();
    expect(r.options.map((o) => [o.label, o.score])).toEqual([
      ['stimme zu', 4],
      ['eher zu', 3],
      ['eher nicht', 2],
      ['stimme nicht zu', 1],
    ]);
    expect(r.mean).toBeCloseTo(mean([4, 3, 3, 1]), 12);
  });

  it('switching inverse off rescores the answers: mean, standard deviation and export follow', async () => {
    await change('inverse', 0);
    const r = await likert();
    expect(r.options.map((o) => o.score)).toEqual([1, 2, 3, 4]);
    expect(r.mean).toBeCloseTo(mean([1, 2, 2, 4]), 12);
    expect(r.sd).toBeCloseTo(Math.sqrt(((1 - 2.25) ** 2 + 2 * (2 - 2.25) ** 2 + (4 - 2.25) ** 2) / 3), 12);
    expect(r.not_applicable).toBe(1);
    expect(await exported()).toEqual([
      ['stimme zu', '1'],
      ['eher zu', '2'],
      ['eher zu', '2'],
      ['stimme nicht zu', '4'],
      ['keine Angabe', ''],
    ]);
    // Another dialog's answers with the same labels keep their values.
    expect((await likert(other)).mean).toBe(4);
  });

  it('a later answer gets the same value as the earlier ones with its label', async () => {
    await respond(sid, 'eher zu');
    expect((await exported()).filter(([label]) => label === 'eher zu')).toEqual([
      ['eher zu', '2'],
      ['eher zu', '2'],
      ['eher zu', '2'],
    ]);
    expect((await likert()).mean).toBeCloseTo(mean([1, 2, 2, 4, 2]), 12);
  });

  it('reordered points, a removed point and its return (undo)', async () => {
    await change('options', ['stimme nicht zu', 'eher nicht', 'eher zu', 'stimme zu']);
    expect((await likert()).mean).toBeCloseTo(mean([4, 3, 3, 1, 3]), 12);
    // 'stimme nicht zu' is no longer on the scale: its answer has no value, the others keep theirs.
    await change('options', ['eher nicht', 'eher zu', 'stimme zu']);
    const r = await likert();
    expect(r.mean).toBeCloseTo(mean([3, 2, 2, 2]), 12);
    expect((await exported()).find(([label]) => label === 'stimme nicht zu')).toEqual([
      'stimme nicht zu',
      '',
    ]);
    await change('options', ['stimme nicht zu', 'eher nicht', 'eher zu', 'stimme zu']);
    expect((await likert()).mean).toBeCloseTo(mean([4, 3, 3, 1, 3]), 12);
    expect((await exported()).find(([label]) => label === 'stimme nicht zu')).toEqual([
      'stimme nicht zu',
      '1',
    ]);
  });
});
