import type { Generated } from 'kysely';

/** Column types shared by the tables of server/db/schema/. */
export type Id = Generated<number>;
export type Ms = number;
