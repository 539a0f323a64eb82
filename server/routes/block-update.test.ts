import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, type BlockType, endNodeId, startNodeId } from '../../contract/blocks.ts';
import { blockWriteRefusal } from '../test/block-writes.ts';
import { addBlock, blockOf, dialogData, newDialog, setField } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

const t = appForFile();
const me = authorForFile(t);
const expectRefused = blockWriteRefusal(t, me);

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
