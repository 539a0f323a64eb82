import { z } from 'zod';
import { requiredText, rowIdSchema } from './fields.ts';

/**
 * Personal API keys (issue 22): an author's bearer tokens for scripts. A key acts as its author, within
 * its scopes and the author's roles on each dialog, and never on live or participant calls.
 */

/** What a key may do; an endpoint names the one it needs (EndpointDef.keyScope), others refuse keys. */
export const API_KEY_SCOPES = ['read', 'export', 'manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Ergebnisse lesen',
  export: 'Exportieren',
  manage: 'Dialoge verwalten',
};

/** Every key starts with it, so a key is told from a session token before any lookup. */
export const API_KEY_PREFIX = 'dwk_';
export const API_KEY_MAX_DAYS = 365;

export const createApiKeyRequest = z.object({
  name: requiredText(100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: "muss 'read', 'export' oder 'manage' sein" }))
    .min(1, 'mindestens ein Bereich')
    .max(API_KEY_SCOPES.length),
  expires_in_days: z
    .number({ error: 'muss eine Zahl sein' })
    .int('muss eine ganze Zahl sein')
    .min(1, 'mindestens 1 Tag')
    .max(API_KEY_MAX_DAYS, `höchstens ${API_KEY_MAX_DAYS} Tage`),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the rest is never shown again. */
  hint: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_at: z.number(),
  expires_at: z.number(),
  last_used_at: z.number().nullable(),
  revoked_at: z.number().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyResponse = z.object({
  key: apiKeySchema,
  /** The whole key, shown this once: only its hash is stored. */
  secret: z.string(),
});

export const apiKeyListResponse = z.object({ keys: z.array(apiKeySchema) });
export const revokeApiKeyRequest = z.object({ id: rowIdSchema });
export const revokeApiKeyResponse = z.object({ key: apiKeySchema });
