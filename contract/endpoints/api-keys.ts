import { apiErrorSchema } from '../api-error.ts';
import {
  apiKeyListResponse,
  createApiKeyRequest,
  createApiKeyResponse,
  revokeApiKeyRequest,
  revokeApiKeyResponse,
} from '../api-keys.ts';
import { endpoint } from '../endpoint.ts';

const tags = ['api-keys'];

/**
 * The account screen's API keys (issue 22). Managed with a signed-in session only: a key cannot make,
 * list or revoke keys (no keyScope).
 */
export const apiKeyEndpoints = {
  listApiKeys: endpoint({
    method: 'POST',
    path: '/api/list_api_keys',
    caller: 'author',
    tags,
    summary: "The caller's API keys with scopes, expiry and last use (never the secrets)",
    response: apiKeyListResponse,
  }),
  createApiKey: endpoint({
    method: 'POST',
    path: '/api/create_api_key',
    caller: 'author',
    tags,
    summary: 'Create a personal API key; its secret is in this answer only',
    description:
      "Scopes: 'read' (results), 'export' (downloads, without a fresh login), 'manage' (dialogs). The key " +
      'is sent as `Authorization: Bearer dwk_…` and acts as its author within its scopes and the roles ' +
      'the author holds on each dialog; live and participant calls refuse it. Stored hashed.',
    body: createApiKeyRequest,
    response: createApiKeyResponse,
  }),
  revokeApiKey: endpoint({
    method: 'POST',
    path: '/api/revoke_api_key',
    caller: 'author',
    tags,
    summary: "Revoke one of the caller's API keys at once (404 for another author's key)",
    body: revokeApiKeyRequest,
    response: revokeApiKeyResponse,
    errors: { 404: apiErrorSchema },
  }),
};
