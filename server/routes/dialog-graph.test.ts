import { describe, expect, it } from 'vitest';
import { endNodeId, startNodeId } from '../../contract/blocks.ts';
import { addBlock, blockOf, call, newDialog, snapshot } from '../test/dialogs.ts';
import { appForFile, authorForFile } from '../test/per-file.ts';

const t = appForFile();
const me = authorForFile(t);

describe('POST /api/surveys/{id}/structure', () => {
  const structure = (sid: string, connections: unknown) =>
    call(t, me.token, `/api/surveys/${sid}/structure`, { connections });

  it('turns drawn edges into jumps, is_end and the start page', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'single_choice');
    const a = await addBlock(t, me.token, sid, 'message');
    const b = await addBlock(t, me.token, sid, 'message');
    const res = await structure(sid, [
      { source: q, target: b, sourceHandle: 'option-0' },
      { source: q, target: endNodeId(sid), sourceHandle: 'option-1' },
      { source: q, target: a },
      { source: a, target: endNodeId(sid), sourceHandle: null },
      { source: startNodeId(sid), target: b },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().blocks).toHaveLength(3);
    expect(await blockOf(t, me.token, sid, q)).toMatchObject({
      jump_to_ids: [b, endNodeId(sid)],
      jump_to_question: a,
      is_end: 0,
    });
    expect(await blockOf(t, me.token, sid, a)).toMatchObject({ is_end: 1, jump_to_question: null });
    expect(await blockOf(t, me.token, sid, b)).toMatchObject({ start_page: 1 });

    await structure(sid, [
      { source: q, target: null, sourceHandle: 'option-0' },
      { source: a, target: null },
      { source: startNodeId(sid), target: null },
    ]);
    expect((await blockOf(t, me.token, sid, q)).jump_to_ids).toEqual([null, endNodeId(sid)]);
    expect((await blockOf(t, me.token, sid, a)).is_end).toBe(0);
    expect((await blockOf(t, me.token, sid, b)).start_page).toBe(0);
  });

  it('refuses unknown nodes and handles, and applies none of the connections then', async () => {
    const sid = await newDialog(t, me.token);
    const q = await addBlock(t, me.token, sid, 'single_choice');
    const other = await newDialog(t, me.token);
    const foreign = await addBlock(t, me.token, other, 'message');
    for (const [connections, field] of [
      [[{ source: q, target: 'unbekannt' }], 'connections.0.target'],
      [[{ source: q, target: foreign }], 'connections.0.target'],
      [[{ source: 'unbekannt', target: q }], 'connections.0.source'],
      [
        [
          { source: q, target: null },
          { source: endNodeId(sid), target: q },
        ],
        'connections.1.source',
      ],
      [[{ source: q, target: startNodeId(sid) }], 'connections.0.target'],
      [[{ source: startNodeId(sid), target: endNodeId(sid) }], 'connections.0.target'],
      [[{ source: q, target: q, sourceHandle: 'option-2' }], 'sourceHandle'],
      [[{ source: q, target: q, sourceHandle: 'option-x' }], 'sourceHandle'],
      [[], 'connections'],
      [[{ source: q }], 'connections.0.target'],
    ] as const) {
      const before = await snapshot(t, sid);
      const res = await structure(sid, connections);
      expect(res.statusCode, JSON.stringify(connections)).toBe(400);
      expect(res.json().msg).toContain(field);
      expect(await snapshot(t, sid)).toEqual(before);
    }
    expect((await structure('gibt-es-nicht', [{ source: q, target: null }])).statusCode).toBe(404);
  });
});

describe('POST /api/surveys/{id}/positions', () => {
  const positions = (sid: string, list: unknown) =>
    call(t, me.token, `/api/surveys/${sid}/positions`, { positions: list });

  it('moves blocks and the start and end markers in one call, keeping block versions', async () => {
    const sid = await newDialog(t, me.token);
    const a = await addBlock(t, me.token, sid, 'message');
    const b = await addBlock(t, me.token, sid, 'open_text');
    const before = await blockOf(t, me.token, sid, a);
    const res = await positions(sid, [
      { id: a, position: { x: 100, y: 40 } },
      { id: b, position: { x: -20.5, y: 300 } },
      { id: startNodeId(sid), position: { x: 0, y: -80 } },
      { id: endNodeId(sid), position: { x: 10, y: 900 } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.blocks.map((x: { unique_question_id: string }) => x.unique_question_id).sort()).toEqual(
      [a, b].sort(),
    );
    expect(body.structure).toEqual([
      { id: startNodeId(sid), kind: 'start', position: { x: 0, y: -80 } },
      { id: endNodeId(sid), kind: 'end', position: { x: 10, y: 900 } },
    ]);
    const after = await blockOf(t, me.token, sid, a);
    expect(after).toMatchObject({ position: { x: 100, y: 40 }, version: before.version });
    expect((await blockOf(t, me.token, sid, b)).position).toEqual({ x: -20.5, y: 300 });
    const dialog = (await call(t, me.token, '/api/get_survey_data_configurator', { survey_id: sid })).json();
    expect(dialog.version).toBe(body.version);
    expect(dialog.structure).toEqual(body.structure);
  });

  it('refuses unknown, foreign and repeated nodes and bad positions, and moves nothing then', async () => {
    const sid = await newDialog(t, me.token);
    const a = await addBlock(t, me.token, sid, 'message');
    const other = await newDialog(t, me.token);
    const foreign = await addBlock(t, me.token, other, 'message');
    const at = { x: 5, y: 5 };
    for (const [list, field] of [
      [[{ id: 'unbekannt', position: at }], 'positions.0.id'],
      [
        [
          { id: a, position: at },
          { id: foreign, position: at },
        ],
        'positions.1.id',
      ],
      [[{ id: startNodeId(other), position: at }], 'positions.0.id'],
      [
        [
          { id: a, position: at },
          { id: a, position: at },
        ],
        'positions.1.id',
      ],
      [[{ id: a, position: { x: 'links', y: 0 } }], 'positions.0.position.x'],
      [[{ id: a }], 'positions.0.position'],
      [[], 'positions'],
    ] as const) {
      const before = await snapshot(t, sid);
      const res = await positions(sid, list);
      expect(res.statusCode, JSON.stringify(list)).toBe(400);
      expect(res.json().msg).toContain(field);
      expect(await snapshot(t, sid)).toEqual(before);
    }
    expect((await positions('gibt-es-nicht', [{ id: a, position: at }])).statusCode).toBe(404);
  });
});
