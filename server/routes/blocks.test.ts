import { describe, expect, it } from 'vitest';
import { STALE_BLOCK_MSG } from '../../contract/block-updates.ts';
import { BLOCK_TYPES, type Block, type BlockType, endNodeId, startNodeId } from '../../contract/blocks.ts';
import { blockNodeSize as blockSize, MARKER_SIZE } from '../../contract/graph-geometry.ts';
import { BLOCK_NOT_FOUND } from '../dialogs/errors.ts';
import { PLACEMENT_GAP } from '../dialogs/placement.ts';
import { insertRespondent, type Step } from '../test/analytics-data.ts';
import { bearer } from '../test/app.ts';
import { blockId, createChatDialog } from '../test/chat-fixtures.ts';
import {
  addBlock,
  addMember,
  authorSession,
  blockOf,
  blocksCall,
  dialogData,
  liveToken,
  newDialog,
  setField,
  snapshot,
} from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

const t = appForFile();
const me = authorForFile(t);

type Box = { x: number; y: number; width: number; height: number };
const boxOf = (b: Block): Box => ({ ...b.position, ...blockSize(b) });
/** Pairs of graph nodes that overlap (blocks with their drawn size, and other boxes). */
function overlapping(blocks: readonly Block[], others: readonly Box[] = []): string[] {
  const all = [
    ...blocks.map((b) => [b.unique_question_id, boxOf(b)] as const),
    ...others.map((o, i) => [`box${i}`, o] as const),
  ];
  const found: string[] = [];
  all.forEach(([id, a], i) => {
    for (const [other, b] of all.slice(i + 1)) {
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) {
        found.push(`${id}/${other}`);
      }
    }
  });
  return found;
}

const ids = async (surveyId: string) =>
  (await dialogData(t, me.token, surveyId)).all_questions.map((b) => b.unique_question_id);

/** A refused write answers 400 naming the field and leaves the database exactly as it was. */
async function expectRefused(surveyId: string, body: Record<string, unknown>, field: string) {
  const before = await snapshot(t, surveyId);
  const res = await blocksCall(t, me.token, surveyId, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().title).toBe('validation_error');
  expect(res.json().msg).toContain(field);
  expect(await snapshot(t, surveyId)).toEqual(before);
}

describe('create', () => {
  it('appends a block of every type with valid defaults and answers its id', async () => {
    const sid = await newDialog(t, me.token);
    for (const type of BLOCK_TYPES) await addBlock(t, me.token, sid, type);
    const dialog = await dialogData(t, me.token, sid);
    expect(dialog.all_questions.map((b) => b.type)).toEqual([...BLOCK_TYPES]);
    expect(dialog.all_questions.map((b) => b.order)).toEqual(BLOCK_TYPES.map((_, i) => i + 1));
    for (const b of dialog.all_questions) {
      expect(b).toMatchObject({ survey_id: sid, version: 1, jump_to_question: null, variable: '' });
      expect(b.jump_to_ids).toHaveLength(b.options.length);
      expect(b.jump_to_reactions).toHaveLength(b.options.length);
    }
    expect(dialog.all_questions.find((b) => b.type === 'end')!.is_end).toBe(1);
    expect(dialog.version).toBe(1 + BLOCK_TYPES.length);
  });

  it('inserts at an order and after a source node, placed below the source in the graph', async () => {
    const sid = await newDialog(t, me.token);
    const a = await addBlock(t, me.token, sid, 'message');
    const b = await addBlock(t, me.token, sid, 'message');
    const first = await addBlock(t, me.token, sid, 'email', { order: 1 });
    expect(await ids(sid)).toEqual([first, a, b]);
    const afterA = await addBlock(t, me.token, sid, 'number', { source_node_id: a });
    expect(await ids(sid)).toEqual([first, a, afterA, b]);
    // Below a in the graph (same column), and since b and first are there already, below them too.
    const blocks = (await dialogData(t, me.token, sid)).all_questions;
    const placed = blocks.find((q) => q.unique_question_id === afterA)!.position;
    const blockA = blocks.find((q) => q.unique_question_id === a)!;
    expect(placed.x).toBe(blockA.position.x);
    expect(placed.y).toBeGreaterThanOrEqual(blockA.position.y + blockSize(blockA).height + PLACEMENT_GAP);
    expect(overlapping(blocks)).toEqual([]);
    const fromStart = await addBlock(t, me.token, sid, 'date', { source_node_id: startNodeId(sid) });
    const fromEnd = await addBlock(t, me.token, sid, 'link', { source_node_id: endNodeId(sid) });
    expect(await ids(sid)).toEqual([fromStart, first, a, afterA, b, fromEnd]);
  });

  it('places each new block below the one before it by its height: no node overlaps another', async () => {
    const sid = await newDialog(t, me.token);
    const likert = await addBlock(t, me.token, sid, 'likert');
    const number = await addBlock(t, me.token, sid, 'number');
    await addBlock(t, me.token, sid, 'single_choice', { source_node_id: startNodeId(sid) });
    await addBlock(t, me.token, sid, 'message', { order: 2 });
    await addBlock(t, me.token, sid, 'date', { source_node_id: likert });
    await addBlock(t, me.token, sid, 'link', { source_node_id: endNodeId(sid) });
    const dialog = await dialogData(t, me.token, sid);
    const [l, n] = [likert, number].map(
      (id) => dialog.all_questions.find((q) => q.unique_question_id === id)!,
    );
    expect(n!.position.y).toBeGreaterThanOrEqual(l!.position.y + blockSize(l!).height + PLACEMENT_GAP);
    const start = dialog.structure.find((m) => m.kind === 'start')!.position;
    const markerBox = { ...start, ...MARKER_SIZE };
    expect(overlapping(dialog.all_questions, [markerBox])).toEqual([]);
  });

  it('refuses an unknown type, an order past the end and an unknown source node', async () => {
    const sid = await newDialog(t, me.token);
    await addBlock(t, me.token, sid, 'message');
    await expectRefused(sid, { action: 'create', type: 'poll' }, 'type');
    await expectRefused(sid, { action: 'create', type: 'message', order: 3 }, 'order');
    await expectRefused(sid, { action: 'create', type: 'message', order: 0 }, 'order');
    await expectRefused(sid, { action: 'create', type: 'message', source_node_id: 'nope' }, 'source_node_id');
    await expectRefused(sid, { action: 'explode' }, 'action');
  });
});

/** For every type: values it accepts and values it refuses (with the field the message must name). */
const TYPE_CASES: Record<BlockType, { good: [string, unknown][]; bad: [string, unknown, string][] }> = {
  message: {
    good: [['context', 'Hallo {{name}}!§§#1500#§§image:file:abc.png']],
    bad: [
      ['options', ['A'], 'options'],
      ['context', 'x'.repeat(20_001), 'context'],
    ],
  },
  open_text: {
    good: [
      ['options', ['Positiv', 'Negativ']],
      ['jump_to_reactions', ['Das freut mich!', '']],
    ],
    bad: [
      ['options', ['', 'x'], 'options'],
      ['jump_to_ids', [null], 'jump_to_ids'],
    ],
  },
  single_choice: {
    good: [
      ['options', ['Ja', 'Nein', 'Vielleicht']],
      ['jump_to_reactions', ['Schön!', '', 'Hm.']],
    ],
    bad: [
      ['options', [], 'options'],
      ['options', ['a', 'a'], 'options'],
      ['jump_to_reactions', ['nur eine'], 'jump_to_reactions'],
    ],
  },
  multiple_choice: {
    good: [['options', ['Rot', 'Grün', 'Blau', 'Gelb']]],
    bad: [
      ['options', [], 'options'],
      ['options', 'Rot', 'options'],
    ],
  },
  likert: {
    good: [
      ['likert_na', 1],
      ['inverse', 1],
      ['options', ['nie', 'selten', 'oft']],
    ],
    bad: [
      ['options', ['nur eins'], 'options'],
      ['likert_na', 2, 'likert_na'],
      ['inverse', true, 'inverse'],
    ],
  },
  number: {
    good: [
      ['min', 0],
      ['max', 10],
      ['integer', 1],
    ],
    bad: [
      ['min', 'null', 'min'],
      ['integer', 'ja', 'integer'],
    ],
  },
  email: {
    good: [
      ['acknowledgement', 'Danke, wir melden uns.'],
      ['variable', 'email_1'],
      ['short_name', 'E-Mail'],
    ],
    bad: [
      ['variable', 'e mail', 'variable'],
      ['options', ['x'], 'options'],
    ],
  },
  date: {
    good: [
      ['min_date', '2024-01-01'],
      ['max_date', '2030-12-31'],
    ],
    bad: [
      ['min_date', '01.01.2024', 'min_date'],
      ['max_date', '2024-02-30', 'max_date'],
    ],
  },
  link: {
    good: [
      ['link', 'https://example.org/info'],
      ['link_klick_name', 'Mehr lesen'],
    ],
    bad: [
      ['link', 'javascript:alert(1)', 'link'],
      ['link_klick_name', 'x'.repeat(101), 'link_klick_name'],
    ],
  },
  media: {
    good: [['context', 'image:file:abc.png§§video:https://example.org/v.mp4§§audio:file:ton.mp3']],
    bad: [
      ['filename_db', 'unbekannt.png', 'filename_db'],
      ['filename_db', '../etc/passwd', 'filename_db'],
    ],
  },
  gpt: {
    good: [
      ['context', 'Frage nach, was genau gefallen hat.'],
      ['max_turns', 5],
    ],
    bad: [
      ['max_turns', 0, 'max_turns'],
      ['max_turns', 2.5, 'max_turns'],
    ],
  },
  qa: {
    good: [
      ['qa_pairs', [{ question: 'Wie lange dauert es?', answer: 'Etwa 5 Minuten.' }]],
      ['only_search', 1],
      ['qa_fallback', 'Das weiß ich leider nicht.'],
    ],
    bad: [
      ['qa_pairs', [{ question: '', answer: 'x' }], 'qa_pairs'],
      ['qa_pairs', [{ question: 'x' }], 'qa_pairs'],
      ['only_search', 5, 'only_search'],
    ],
  },
  end: {
    good: [['context', 'Tschüss!']],
    bad: [['is_end', 0, 'is_end']],
  },
};

describe('update', () => {
  for (const type of BLOCK_TYPES) {
    it(`${type}: stores each good value and refuses each bad one without changing anything`, async () => {
      const sid = await newDialog(t, me.token);
      const id = await addBlock(t, me.token, sid, type);
      let version = 1;
      for (const [key, value] of TYPE_CASES[type].good) {
        const res = await setField(t, me.token, sid, id, key, value);
        expect(res.statusCode, res.body).toBe(200);
        version += 1;
        expect(res.json().blocks[0]).toMatchObject({ unique_question_id: id, [key]: value, version });
        expect(await blockOf(t, me.token, sid, id)).toMatchObject({ [key]: value });
      }
      for (const [key, value, field] of TYPE_CASES[type].bad) {
        await expectRefused(
          sid,
          { action: 'update', unique_question_id: id, changed_values: { [key]: value } },
          `changed_values.${field}`,
        );
      }
    });
  }

  it('refuses the wrong number of keys, read-only and unknown fields, and unknown jump targets', async () => {
    const sid = await newDialog(t, me.token);
    const id = await addBlock(t, me.token, sid, 'single_choice');
    const update = (changed_values: unknown) => ({
      action: 'update',
      unique_question_id: id,
      changed_values,
    });
    await expectRefused(sid, update({}), 'changed_values');
    await expectRefused(sid, update({ context: 'a', nachfrage: 'b' }), 'changed_values');
    await expectRefused(sid, update({ order: 5 }), 'changed_values.order');
    await expectRefused(sid, update({ unique_question_id: 'x' }), 'changed_values.unique_question_id');
    await expectRefused(sid, update({ max_turns: 3 }), 'changed_values.max_turns');
    await expectRefused(
      sid,
      update({ jump_to_question: 'gibt-es-nicht' }),
      'changed_values.jump_to_question',
    );
    await expectRefused(sid, update({ jump_to_ids: ['gibt-es-nicht', null] }), 'changed_values.jump_to_ids');
    await expectRefused(
      sid,
      update({ jump_to_question: startNodeId(sid) }),
      'changed_values.jump_to_question',
    );
    await expectRefused(sid, update({ position: { x: 'links', y: 0 } }), 'changed_values.position');
    await expectRefused(sid, update({ type: 'poll' }), 'changed_values.type');
    const missing = await setField(t, me.token, sid, 'gibt-es-nicht', 'context', 'x');
    expect(missing.statusCode).toBe(404);
  });

  it('accepts jumps to blocks of the dialog and to its end marker, not to blocks of another dialog', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'single_choice');
    const target = await addBlock(t, me.token, sid, 'message');
    expect((await setField(t, me.token, sid, q, 'jump_to_ids', [target, endNodeId(sid)])).statusCode).toBe(
      200,
    );
    expect((await setField(t, me.token, sid, q, 'jump_to_question', target)).statusCode).toBe(200);
    const other = await newDialog(t, me.token);
    const foreign = await addBlock(t, me.token, other, 'message');
    await expectRefused(
      sid,
      { action: 'update', unique_question_id: q, changed_values: { jump_to_question: foreign } },
      'jump_to_question',
    );
    await expectRefused(
      sid,
      { action: 'update', unique_question_id: q, changed_values: { jump_to_ids: [endNodeId(other), null] } },
      'jump_to_ids',
    );
  });

  it('keeps jumps and reactions with their option when options are removed, renamed or added', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'single_choice');
    const x = await addBlock(t, me.token, sid, 'message');
    const y = await addBlock(t, me.token, sid, 'message');
    await setField(t, me.token, sid, q, 'options', ['A', 'B', 'C']);
    await setField(t, me.token, sid, q, 'jump_to_ids', [x, null, y]);
    await setField(t, me.token, sid, q, 'jump_to_reactions', ['ra', 'rb', 'rc']);
    await setField(t, me.token, sid, q, 'options', ['A', 'C']);
    expect(await blockOf(t, me.token, sid, q)).toMatchObject({
      jump_to_ids: [x, y],
      jump_to_reactions: ['ra', 'rc'],
    });
    await setField(t, me.token, sid, q, 'options', ['A', 'Cee', 'D']);
    expect(await blockOf(t, me.token, sid, q)).toMatchObject({
      jump_to_ids: [x, y, null],
      jump_to_reactions: ['ra', 'rc', ''],
    });
  });

  it('changes the type, keeping the common fields and taking the new type defaults', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'single_choice');
    await setField(t, me.token, sid, q, 'context', 'Wie alt sind Sie?');
    const res = await setField(t, me.token, sid, q, 'type', 'number');
    expect(res.statusCode, res.body).toBe(200);
    expect(await blockOf(t, me.token, sid, q)).toMatchObject({
      type: 'number',
      context: 'Wie alt sind Sie?',
      options: [],
      jump_to_ids: [],
      min: null,
      max: null,
      integer: 0,
    });
  });

  it('a block without options becomes a choice or Likert block with that type default options', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'message');
    const choice = await setField(t, me.token, sid, q, 'type', 'single_choice');
    expect(choice.statusCode, choice.body).toBe(200);
    expect(await blockOf(t, me.token, sid, q)).toMatchObject({
      type: 'single_choice',
      options: ['Option 1', 'Option 2'],
      jump_to_ids: [null, null],
      jump_to_reactions: ['', ''],
    });
    const free = await addBlock(t, me.token, sid, 'open_text');
    const likert = await setField(t, me.token, sid, free, 'type', 'likert');
    expect(likert.statusCode, likert.body).toBe(200);
    expect((await blockOf(t, me.token, sid, free)).options.length).toBeGreaterThanOrEqual(2);
  });

  it('moves nodes (blocks and markers) without changing the block version', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'message');
    const res = await setField(t, me.token, sid, q, 'position', { x: 320, y: -40.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().blocks[0]).toMatchObject({ position: { x: 320, y: -40.5 }, version: 1 });
    expect((await setField(t, me.token, sid, endNodeId(sid), 'position', { x: 5, y: 900 })).statusCode).toBe(
      200,
    );
    const dialog = await dialogData(t, me.token, sid);
    expect(dialog.structure.find((m) => m.kind === 'end')!.position).toEqual({ x: 5, y: 900 });
    await expectRefused(
      sid,
      { action: 'update', unique_question_id: startNodeId(sid), changed_values: { context: 'x' } },
      'changed_values.context',
    );
    expect(
      (await setField(t, me.token, sid, startNodeId('fremd'), 'position', { x: 0, y: 0 })).statusCode,
    ).toBe(404);
  });

  it('keeps a single start page', async () => {
    const sid = await newDialog(t, me.token);
    const a = await addBlock(t, me.token, sid, 'message');
    const b = await addBlock(t, me.token, sid, 'message');
    await setField(t, me.token, sid, a, 'start_page', 1);
    const res = await setField(t, me.token, sid, b, 'start_page', 1);
    expect(
      res
        .json()
        .blocks.map((x: { unique_question_id: string }) => x.unique_question_id)
        .sort(),
    ).toEqual([a, b].sort());
    expect((await blockOf(t, me.token, sid, a)).start_page).toBe(0);
    expect((await blockOf(t, me.token, sid, b)).start_page).toBe(1);
  });
});

describe('stale writes', () => {
  it('answers 409 with the current block when the expected version is old, and changes nothing', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'message');
    const first = await blocksCall(t, me.token, sid, {
      action: 'update',
      unique_question_id: q,
      changed_values: { context: 'Erste Fassung' },
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().blocks[0].version).toBe(2);
    for (const body of [
      { action: 'update', unique_question_id: q, changed_values: { context: 'Zweite' }, version: 1 },
      { action: 'delete', unique_question_id: q, version: 1 },
      { action: 'order', unique_question_id: q, order: 1, version: 1 },
    ]) {
      const before = await snapshot(t, sid);
      const res = await blocksCall(t, me.token, sid, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        title: 'conflict',
        msg: STALE_BLOCK_MSG,
        block: { unique_question_id: q, context: 'Erste Fassung', version: 2 },
      });
      expect(await snapshot(t, sid)).toEqual(before);
    }
    const current = await blocksCall(t, me.token, sid, {
      action: 'update',
      unique_question_id: q,
      changed_values: { context: 'Zweite' },
      version: 2,
    });
    expect(current.statusCode).toBe(200);
  });

  it('bumps the dialog version on every write', async () => {
    const sid = await newDialog(t, me.token);
    const v0 = (await dialogData(t, me.token, sid)).version;
    const q = await addBlock(t, me.token, sid, 'message');
    const res = await setField(t, me.token, sid, q, 'position', { x: 1, y: 1 });
    expect(res.json().version).toBe(v0 + 2);
    expect((await dialogData(t, me.token, sid)).version).toBe(v0 + 2);
  });
});

describe('delete', () => {
  it('closes the order gap and repairs every jump that pointed at the block', async () => {
    const sid = await newDialog(t, me.token);
    const a = await addBlock(t, me.token, sid, 'single_choice');
    const b = await addBlock(t, me.token, sid, 'open_text');
    const gone = await addBlock(t, me.token, sid, 'message');
    const d = await addBlock(t, me.token, sid, 'message');
    await setField(t, me.token, sid, a, 'jump_to_ids', [gone, d]);
    await setField(t, me.token, sid, a, 'jump_to_question', gone);
    await setField(t, me.token, sid, b, 'options', ['gut', 'schlecht']);
    await setField(t, me.token, sid, b, 'jump_to_ids', [gone, gone]);
    const res = await blocksCall(t, me.token, sid, { action: 'delete', unique_question_id: gone });
    expect(res.statusCode).toBe(200);
    expect(res.json().repaired_jumps).toEqual(
      expect.arrayContaining([
        { unique_question_id: a, field: 'jump_to_ids', index: 0 },
        { unique_question_id: a, field: 'jump_to_question', index: null },
        { unique_question_id: b, field: 'jump_to_ids', index: 0 },
        { unique_question_id: b, field: 'jump_to_ids', index: 1 },
      ]),
    );
    expect(res.json().repaired_jumps).toHaveLength(4);
    const dialog = await dialogData(t, me.token, sid);
    expect(dialog.all_questions.map((q) => [q.unique_question_id, q.order])).toEqual([
      [a, 1],
      [b, 2],
      [d, 3],
    ]);
    const all = JSON.stringify(dialog.all_questions);
    expect(all).not.toContain(gone);
    expect(dialog.all_questions[0]).toMatchObject({ jump_to_ids: [null, d], jump_to_question: null });
    expect(
      (await blocksCall(t, me.token, sid, { action: 'delete', unique_question_id: gone })).statusCode,
    ).toBe(404);
  });
});

describe('undo flows', () => {
  it('delete then recreate restores the same block, its place and the jumps to it', async () => {
    const sid = await newDialog(t, me.token);
    const a = await addBlock(t, me.token, sid, 'single_choice');
    const q = await addBlock(t, me.token, sid, 'likert');
    const c = await addBlock(t, me.token, sid, 'message');
    await setField(t, me.token, sid, q, 'likert_na', 1);
    await setField(t, me.token, sid, q, 'nachfrage', 'Warum?');
    await setField(t, me.token, sid, q, 'acknowledgement', 'Danke!');
    await setField(t, me.token, sid, q, 'jump_to_question', c);
    await setField(t, me.token, sid, q, 'variable', 'zufriedenheit');
    await setField(t, me.token, sid, a, 'jump_to_ids', [q, c]);
    await setField(t, me.token, sid, c, 'jump_to_question', q);
    const before = await dialogData(t, me.token, sid);
    const old = before.all_questions.find((b) => b.unique_question_id === q)!;

    const del = await blocksCall(t, me.token, sid, { action: 'delete', unique_question_id: q });
    const res = await blocksCall(t, me.token, sid, {
      ...old,
      action: 'recreate',
      restore_jumps: del.json().repaired_jumps,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().unique_question_id).toBe(q);
    const after = await dialogData(t, me.token, sid);
    const strip = (d: typeof before) => d.all_questions.map(({ version: _v, ...rest }) => rest);
    expect(strip(after)).toEqual(strip(before));
  });

  it('create then delete leaves the dialog as it was', async () => {
    const sid = await newDialog(t, me.token);
    await addBlock(t, me.token, sid, 'message');
    const before = (await dialogData(t, me.token, sid)).all_questions;
    const q = await addBlock(t, me.token, sid, 'email', { order: 1 });
    await blocksCall(t, me.token, sid, { action: 'delete', unique_question_id: q });
    expect((await dialogData(t, me.token, sid)).all_questions).toEqual(before);
  });

  it('recreate of an id in use makes a copy with a new id below the original, dropping jumps to missing blocks', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'single_choice');
    await setField(t, me.token, sid, q, 'context', 'Original');
    const original = await blockOf(t, me.token, sid, q);
    const res = await blocksCall(t, me.token, sid, {
      ...original,
      action: 'recreate',
      order: 2,
      jump_to_ids: ['verschwunden', null],
      position: { x: 40, y: 40 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const copyId = res.json().unique_question_id;
    expect(copyId).not.toBe(q);
    const copy = await blockOf(t, me.token, sid, copyId);
    expect(copy).toMatchObject({ context: 'Original', order: 2, jump_to_ids: [null, null] });
    // Not on top of the original (where the copy's fields say): below it in the graph.
    expect(copy.position).toEqual({
      x: original.position.x,
      y: original.position.y + blockSize(original).height + PLACEMENT_GAP,
    });
  });

  it('recreate validates the fields like an update and refuses an order past the end', async () => {
    const sid = await newDialog(t, me.token);
    await expectRefused(
      sid,
      { action: 'recreate', unique_question_id: 'neu1', type: 'likert', options: ['eins'] },
      'options',
    );
    await expectRefused(
      sid,
      { action: 'recreate', unique_question_id: 'neu1', type: 'message', order: 2 },
      'order',
    );
    await expectRefused(
      sid,
      { action: 'recreate', unique_question_id: 'neu1', type: 'message', context: 42 },
      'context',
    );
    const ok = await blocksCall(t, me.token, sid, {
      action: 'recreate',
      unique_question_id: 'neu1',
      type: 'email',
    });
    expect(ok.statusCode).toBe(200);
    expect(await blockOf(t, me.token, sid, 'neu1')).toMatchObject({ type: 'email', order: 1 });
  });
});

describe('order', () => {
  it('swaps the block with the one at the given order', async () => {
    const sid = await newDialog(t, me.token);
    const [a, b, c] = [
      await addBlock(t, me.token, sid, 'message'),
      await addBlock(t, me.token, sid, 'message'),
      await addBlock(t, me.token, sid, 'message'),
    ];
    const res = await blocksCall(t, me.token, sid, { action: 'order', unique_question_id: a, order: 3 });
    expect(res.statusCode).toBe(200);
    expect(await ids(sid)).toEqual([c, b, a]);
    await blocksCall(t, me.token, sid, { action: 'order', unique_question_id: a, order: 1 });
    expect(await ids(sid)).toEqual([a, b, c]);
    await expectRefused(sid, { action: 'order', unique_question_id: a, order: 4 }, 'order');
    await expectRefused(sid, { action: 'order', unique_question_id: a, order: -1 }, 'order');
  });
});

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
