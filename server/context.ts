import type { Kysely } from 'kysely';
import type { TokenSigner } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { DbKind } from './db/connect.ts';
import type { Database } from './db/schema.ts';

/** What every service needs; built once in buildApp and passed down explicitly. */
export interface AppContext {
  db: Kysely<Database>;
  dbKind: DbKind;
  config: Config;
  signer: TokenSigner;
  now: () => number;
}
