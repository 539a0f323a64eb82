import type { Kysely } from 'kysely';
import type { TokenSigner } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { DbKind } from './db/connect.ts';
import type { Database } from './db/schema.ts';
import type { DialogHooks } from './dialogs/hooks.ts';
import type { Embedder } from './llm/embeddings.ts';
import type { LlmProvider } from './llm/provider.ts';

/** What every service needs; built once in buildApp and passed down explicitly. */
export interface AppContext {
  db: Kysely<Database>;
  dbKind: DbKind;
  /** Long reads (the Analyse module): off the event loop on SQLite (DbHandle.reads). */
  reads: Kysely<Database>;
  config: Config;
  signer: TokenSigner;
  now: () => number;
  /** The language model (LLM_BASE_URL, LLM_MODEL); null when none is configured. */
  llm: LlmProvider | null;
  /** Embeddings for routing free-text answers (EMBEDDINGS_MODEL); null when none are configured. */
  embedder: Embedder | null;
  /** What areas above dialogs do inside a dialog's write (training follows renamed branches). */
  dialogHooks: DialogHooks;
}
