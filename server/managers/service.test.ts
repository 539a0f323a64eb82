import { describe, expect, it } from 'vitest';
import { appForFile, authorForFile } from '../test/per-file.ts';
import { insertManager } from './queries.ts';
import { deleteManagerById, getManager } from './service.ts';

const t = appForFile();
const me = authorForFile(t);

const manager = (id: number, additional_dms: string) =>
  insertManager(t.database.db, {
    id,
    owner_id: me.id,
    name: `M${id}`,
    additional_dms,
    created_at: t.clock.now,
    updated_at: t.clock.now,
  });

describe('manager service', () => {
  it('reads a damaged additional_dms as an empty list instead of failing', async () => {
    await manager(501, 'kaputt');
    await manager(502, '{"a":1}');
    await manager(503, '[1, "2", -3, 4.5, 7]');
    expect((await getManager(t.ctx, me.id, 501)).additional_dms).toEqual([]);
    expect((await getManager(t.ctx, me.id, 502)).additional_dms).toEqual([]);
    expect((await getManager(t.ctx, me.id, 503)).additional_dms).toEqual([1, 7]);
  });

  it('names in additional_managers only the entries of additional_dms that the caller may open', async () => {
    await manager(701, '[]');
    await manager(702, '[701, 2000000000]');
    expect(await getManager(t.ctx, me.id, 702)).toMatchObject({
      additional_dms: [701, 2_000_000_000],
      additional_managers: [{ dialog_manager_id: 701, name: 'M701' }],
    });
  });

  it('deleting a manager removes exactly its id from other lists, not ids that contain its digits', async () => {
    await manager(61, '[]');
    await manager(610, '[61, 6, 161]');
    await manager(611, '[161]');
    expect(await deleteManagerById(t.ctx, me.id, 61)).toEqual({ msg: 'success' });
    expect((await getManager(t.ctx, me.id, 610)).additional_dms).toEqual([6, 161]);
    expect((await getManager(t.ctx, me.id, 611)).additional_dms).toEqual([161]);
  });
});
