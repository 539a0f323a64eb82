import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * A job's lease: one conditional update, atomic on both databases, so that of several processes sharing
 * the database only one holds it; a holder that died loses it when it runs out.
 */
export async function takeLease(
  db: Kysely<Database>,
  name: string,
  holder: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ holder, until: now + ttlMs })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('until', '<', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ until: 0 })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
