import { useQuery } from '@tanstack/react-query';
import type { Account } from '../../contract/account.ts';
import { authorApi } from './clients.ts';

export const ACCOUNT_KEY = ['account'] as const;

/** The caller's account (POST /api/get_account). */
export function useAccount() {
  return useQuery({ queryKey: ACCOUNT_KEY, queryFn: () => authorApi.post<Account>('/api/get_account') });
}
