import { beforeAll, expect, it } from 'vitest';
import type { BlockSummary, SurveySummaryResponse } from '../../contract/analytics.ts';
import { type BlockSpec, blockId, chatOk, createChatDialog, registerLive } from '../test/chat-fixtures.ts';
import { csvRows } from '../test/csv.ts';
import { call, setField } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

/**
 * Renaming an option after respondents answered: the answers follow it in Analyse instead of staying
 * as a ghost row under the old text (QA finding), for every block type with options.
 */

const SPECS: BlockSpec[] = [
  { id: 'sc', type: 'single_choice', options: ['Gut', 'Schlecht', 'Weiß nicht'] },
  { id: 'mc', type: 'multiple_choice', options: ['Obst', 'Gemüse', 'Brot'] },
  { id: 'lk', type: 'likert', options: ['wenig', 'mittel', 'viel'], likert_na: 1 },
  { id: 'ot', type: 'open_text', options: ['Preis', 'Qualität'] },
  { id: 'msg', type: 'message', context: 'Danke!', jump_to_question: 'END' },
];

type Answer = string | string[];

let sid: string;
let other: string;
const q = (spec: string) => blockId(spec, sid);

/** A live respondent who answers the dialog's blocks by spec id, to the end. */
async function respond(surveyId: string, answers: Record<string, Answer>) {
  const { token_live: token } = await registerLive(t, surveyId);
  let turn = await chatOk(t, token, '/api/chat/start', { survey_id: surveyId });
  while (turn.input) {
    const spec = turn.input.unique_question_id.replace(`_${surveyId}`, '');
    turn = await chatOk(t, token, '/api/chat/answer', {
      survey_id: surveyId,
      unique_question_id: turn.input.unique_question_id,
      turn: turn.input.turn,
      answer: answers[spec]!,
    });
  }
  expect(turn.finished).toBe(true);
}

const t = appForFile();
const me = authorForFile(t);
beforeAll(async () => {
  sid = (await createChatDialog(t, SPECS, { ownerId: me.id })).surveyId;
  other = (await createChatDialog(t, SPECS, { ownerId: me.id })).surveyId;
  await respond(sid, { sc: 'Gut', mc: ['Obst', 'Brot'], lk: 'wenig', ot: 'Preis' });
  await respond(sid, { sc: 'Gut', mc: ['Obst'], lk: 'keine Angabe', ot: 'Qualität' });
  await respond(sid, { sc: 'Weiß nicht', mc: ['Gemüse'], lk: 'mittel', ot: 'Preis' });
  // Another dialog with the same option texts keeps its answers.
  await respond(other, { sc: 'Gut', mc: ['Brot'], lk: 'wenig', ot: 'Preis' });
});

async function summary(surveyId = sid, filters: object = {}): Promise<SurveySummaryResponse> {
  const res = await call(t, me.token, '/api/analytics/summary', { survey_id: surveyId, filters });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The figures of one block: [label, count] per option (free text: per branch, sorted). */
function counts(s: SurveySummaryResponse, spec: string): [string | null, number][] {
  const found = s.blocks.find((b) => b.unique_question_id.startsWith(`${spec}_`));
  const r = (found as BlockSummary).result;
  if (r.kind === 'choice' || r.kind === 'likert') return r.options.map((o) => [o.label, o.count]);
  if (r.kind === 'text') {
    return r.branches
      .map((b): [string | null, number] => [b.branch, b.count])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  }
  throw new Error(`no options in ${spec}`);
}

async function rename(spec: string, options: string[]) {
  const res = await setField(t, me.token, sid, q(spec), 'options', options);
  expect(res.statusCode, res.body).toBe(200);
}

const BEFORE = {
  sc: [
    ['Gut', 2],
    ['Schlecht', 0],
    ['Weiß nicht', 1],
  ],
  mc: [
    ['Obst', 2],
    ['Gemüse', 1],
    ['Brot', 1],
  ],
  lk: [
    ['wenig', 1],
    ['mittel', 1],
    ['viel', 0],
  ],
  ot: [
    ['Preis', 2],
    ['Qualität', 1],
  ],
};

async function transcript() {
  return t.database.db
    .selectFrom('chat_messages')
    .select(['seq', 'context'])
    .where('unique_question_id', 'in', ['sc', 'mc', 'lk', 'ot'].map(q))
    .orderBy('id')
    .execute();
}

it('a renamed option keeps its answers in the summary, with no ghost row', async () => {
  const s = await summary();
  for (const [spec, figures] of Object.entries(BEFORE)) expect(counts(s, spec)).toEqual(figures);
  const said = await transcript();

  await rename('sc', ['Sehr gut', 'Schlecht', 'Weiß nicht']);
  await rename('mc', ['Äpfel', 'Gemüse', 'Vollkornbrot']);
  await rename('lk', ['wenig', 'etwas', 'viel']);
  await rename('ot', ['Kosten', 'Qualität']);

  const after = await summary();
  expect(counts(after, 'sc')).toEqual([
    ['Sehr gut', 2],
    ['Schlecht', 0],
    ['Weiß nicht', 1],
  ]);
  expect(counts(after, 'mc')).toEqual([
    ['Äpfel', 2],
    ['Gemüse', 1],
    ['Vollkornbrot', 1],
  ]);
  expect(counts(after, 'lk')).toEqual([
    ['wenig', 1],
    ['etwas', 1],
    ['viel', 0],
  ]);
  const lk = after.blocks.find((b) => b.unique_question_id === q('lk'))!.result;
  expect(lk).toMatchObject({ kind: 'likert', not_applicable: 1, mean: 1.5 });
  expect(counts(after, 'ot')).toEqual([
    ['Kosten', 2],
    ['Qualität', 1],
  ]);
  // Filtering by the new label finds the respondents who chose the option under its old one.
  const filtered = await summary(sid, {
    answer_equals: [{ unique_question_id: q('sc'), value: 'Sehr gut' }],
  });
  expect(filtered.headline.started).toBe(2);

  // What respondents said stays as it was said; the other dialog keeps its labels.
  expect(await transcript()).toEqual(said);
  const rest = await summary(other);
  expect(counts(rest, 'sc')).toEqual([
    ['Gut', 1],
    ['Schlecht', 0],
    ['Weiß nicht', 0],
  ]);
  expect(counts(rest, 'ot')).toEqual([['Preis', 1]]);

  // Undo (the update back) renames the answers back.
  await rename('sc', ['Gut', 'Schlecht', 'Weiß nicht']);
  expect(counts(await summary(), 'sc')).toEqual(BEFORE.sc);
});

it('adding, removing or reordering options renames no answers', async () => {
  const stored = () =>
    t.database.db
      .selectFrom('answers')
      .select(['id', 'value', 'branch'])
      .where('unique_question_id', 'in', ['sc', 'mc', 'lk', 'ot'].map(q))
      .orderBy('id')
      .execute();
  const before = await stored();

  await rename('sc', ['Weiß nicht', 'Gut', 'Schlecht']);
  await rename('sc', ['Weiß nicht', 'Gut', 'Schlecht', 'Mittel']);
  // One option removed and another renamed in the same change: no rename can be told apart.
  await rename('mc', ['Birnen', 'Gemüse']);
  await rename('lk', ['viel', 'etwas', 'wenig']);
  await rename('ot', ['Qualität', 'Kosten']);
  await rename('ot', ['Qualität', 'Kosten', 'Service']);
  // A new label at the place of one that moved: 'Qualität' is not renamed to a label that existed.
  await rename('ot', ['Kosten', 'Lieferung', 'Service']);

  expect(await stored()).toEqual(before);
  expect(counts(await summary(), 'sc')).toEqual([
    ['Weiß nicht', 1],
    ['Gut', 2],
    ['Schlecht', 0],
    ['Mittel', 0],
  ]);
});

it("the export keeps a removed option's 0/1 column while answers chose it, after the offered ones", async () => {
  // The multiple choice offers 'Birnen' and 'Gemüse' now; 'Äpfel' and 'Vollkornbrot' were chosen before.
  const res = await call(t, me.token, '/api/excel_export', { survey_id: sid, format: 'csv' });
  expect(res.statusCode, res.body).toBe(200);
  const rows = csvRows(res.body);
  const at = rows[0]!.findIndex((h) => h.endsWith(': Birnen'));
  expect(rows[0]!.slice(at, at + 4).map((h) => h.slice(h.indexOf(': ') + 2))).toEqual([
    'Birnen',
    'Gemüse',
    'Äpfel',
    'Vollkornbrot',
  ]);
  expect(rows.slice(1).map((r) => r.slice(at - 1, at + 4))).toEqual([
    ['Äpfel, Vollkornbrot', '0', '0', '1', '1'],
    ['Äpfel', '0', '0', '1', '0'],
    ['Gemüse', '0', '1', '0', '0'],
  ]);
});
