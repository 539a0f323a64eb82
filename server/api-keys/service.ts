import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyRequest,
} from '../../contract/api-keys.ts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { API_KEY_ERRORS } from './errors.ts';
import { insertApiKey, listApiKeys, revokeApiKey } from './queries.ts';

/** The account screen's keys: made with a random secret shown once, listed, revoked. */

const DAY_MS = 86_400_000;
const HINT_LENGTH = API_KEY_PREFIX.length + 6;

/** Keys are random, so a plain SHA-256 finds them by index without slowing a guesser less than 2^192. */
export const hashKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

type KeyRow = Awaited<ReturnType<typeof listApiKeys>>[number];

export function parseScopes(json: string): ApiKeyScope[] {
  const list: unknown = JSON.parse(json);
  return Array.isArray(list) ? API_KEY_SCOPES.filter((s) => list.includes(s)) : [];
}

const toApiKey = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  hint: row.hint,
  scopes: parseScopes(row.scopes),
  created_at: row.created_at,
  expires_at: row.expires_at,
  last_used_at: row.last_used_at,
  revoked_at: row.revoked_at,
});

export async function createKey(ctx: AppContext, userId: number, req: CreateApiKeyRequest) {
  const secret = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  const now = ctx.now();
  const row = await insertApiKey(ctx.db, {
    userId,
    name: req.name,
    hint: secret.slice(0, HINT_LENGTH),
    secretHash: hashKey(secret),
    scopes: JSON.stringify(API_KEY_SCOPES.filter((s) => req.scopes.includes(s))),
    now,
    expiresAt: now + req.expires_in_days * DAY_MS,
  });
  return { key: toApiKey(row), secret };
}

export async function listKeys(ctx: AppContext, userId: number) {
  return { keys: (await listApiKeys(ctx.db, userId)).map(toApiKey) };
}

export async function revokeKey(ctx: AppContext, userId: number, id: number) {
  const row = await revokeApiKey(ctx.db, userId, id, ctx.now());
  if (!row) throw notFound(API_KEY_ERRORS.notFound);
  return { key: toApiKey(row) };
}
