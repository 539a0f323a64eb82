import { useQuery } from '@tanstack/react-query';
import { endpoints } from '../../contract/endpoints/index.ts';
import { authorApi } from './clients.ts';

export const ACCOUNT_KEY = ['account'] as const;

/** The caller's account (POST /api/get_account). */
export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => authorApi.call(endpoints.getAccount) });
}
