import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, SurveysTable } from './schema.ts';

/**
 * Queries every area writes the same way: a row by its id (insert, find, change, delete), one value of a
 * dialog's row, whether a query finds anything. `db` may be a transaction.
 */
type Db = Kysely<Database>;

/** The tables whose rows have a generated numeric id. */
export type TableWithId = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database];

/** The tables of a dialog's own rows: a generated id and the dialog's internal id (survey_id). */
export type DialogTable = {
  [T in TableWithId]: Database[T] extends { survey_id: number } ? T : never;
}[TableWithId];

/*
 * Kysely cannot resolve the columns of a table named by a type parameter, so the helpers below query the
 * union of all tables with an id and give the result back as the named table's row; their signatures keep
 * the callers typed.
 */

/** Inserts a row and returns its generated id. */
export async function insertId<T extends TableWithId>(
  db: Db,
  table: T,
  values: Insertable<Database[T]>,
): Promise<number> {
  const row = await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findById<T extends TableWithId>(
  db: Db,
  table: T,
  id: number,
): Promise<Selectable<Database[T]> | undefined> {
  const anyTable: TableWithId = table;
  return db.selectFrom(anyTable).selectAll().where('id', '=', id).executeTakeFirst() as Promise<
    Selectable<Database[T]> | undefined
  >;
}

export function updateById<T extends TableWithId>(
  db: Db,
  table: T,
  id: number,
  values: Updateable<Database[T]>,
) {
  const anyTable: TableWithId = table;
  return db
    .updateTable(anyTable)
    .set(values as Updateable<Database[TableWithId]>)
    .where('id', '=', id)
    .execute();
}

export function deleteById(db: Db, table: TableWithId, id: number) {
  return db.deleteFrom(table).where('id', '=', id).execute();
}

/** A row of a dialog's table by its id; undefined where the id is another dialog's (or none). */
export function findInDialog<T extends DialogTable>(
  db: Db,
  table: T,
  surveyId: number,
  id: number,
): Promise<Selectable<Database[T]> | undefined> {
  const anyTable: DialogTable = table;
  return db
    .selectFrom(anyTable)
    .selectAll()
    .where('id', '=', id)
    .where('survey_id', '=', surveyId)
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** The calls on a dialog table's rows by id, bound to the table (an area's queries module hands them out). */
export function dialogRows<T extends DialogTable>(table: T) {
  return {
    find: (db: Db, surveyId: number, id: number) => findInDialog(db, table, surveyId, id),
    update: (db: Db, id: number, values: Updateable<Database[T]>) => updateById(db, table, id, values),
    remove: (db: Db, id: number) => deleteById(db, table, id),
  };
}

/** Deletes a row of a dialog's table by its id; how many went (0: the id is another dialog's, or none). */
export async function deleteInDialog(
  db: Db,
  table: DialogTable,
  surveyId: number,
  id: number,
): Promise<number> {
  const deleted = await db
    .deleteFrom(table)
    .where('id', '=', id)
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** One column of a dialog's row, by its internal id (a number) or its public survey_id (a string). */
export async function surveyValue<C extends keyof SurveysTable & string>(
  db: Db,
  key: number | string,
  column: C,
): Promise<Selectable<SurveysTable>[C] | undefined> {
  const row = (await db
    .selectFrom('surveys')
    .select(column)
    .where(typeof key === 'number' ? 'id' : 'survey_id', '=', key)
    .executeTakeFirst()) as Pick<Selectable<SurveysTable>, C> | undefined;
  return row?.[column];
}

/** Whether a query finds a row (callers limit it to one where many could match). */
export async function exists(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}
