import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyRequest } from '../../../contract/api-keys.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';

const API_KEYS_KEY = ['api-keys'] as const;

/** The caller's API keys (POST /api/list_api_keys). */
export function useApiKeys() {
  return useQuery({ queryKey: API_KEYS_KEY, queryFn: () => authorApi.call(endpoints.listApiKeys) });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyRequest) => authorApi.call(endpoints.createApiKey, input),
    onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => authorApi.call(endpoints.revokeApiKey, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
