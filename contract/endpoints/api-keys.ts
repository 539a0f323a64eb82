import { apiErrors } from '../api-error.ts';
import {
  apiKeyListResponse,
  createApiKeyRequest,
  createApiKeyResponse,
  revokeApiKeyRequest,
  revokeApiKeyResponse,
} from '../api-keys.ts';
import { postGroup } from '../endpoint.ts';

/** Managed with a signed-in session only: a key cannot make, list or revoke keys (no keyScope). */
const keyCall = postGroup('api-keys');

/** The account screen's API keys (issue 22). */
export const apiKeyEndpoints = {
  listApiKeys: keyCall({
    path: '/api/list_api_keys',
    summary: "The caller's API keys with scopes, expiry and last use (never the secrets)",
    response: apiKeyListResponse,
  }),
  createApiKey: keyCall({
    path: '/api/create_api_key',
    summary: 'Create a personal API key; its secret is in this answer only',
    description:
      "Scopes: 'read' (results), 'export' (downloads, without a fresh login), 'manage' (dialogs). The key " +
      'is sent as `Authorization: Bearer dwk_…` and acts as its author within its scopes and the roles ' +
      'the author holds on each dialog; live and participant calls refuse it. Stored hashed.',
    body: createApiKeyRequest,
    response: createApiKeyResponse,
  }),
  revokeApiKey: keyCall({
    path: '/api/revoke_api_key',
    summary: "Revoke one of the caller's API keys at once (404 for another author's key)",
    body: revokeApiKeyRequest,
    response: revokeApiKeyResponse,
    errors: apiErrors(404),
  }),
};
