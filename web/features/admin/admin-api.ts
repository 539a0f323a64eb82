import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_PAGE_SIZE, type AdminUser, type createUserRequest } from '../../../contract/admin.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';

export type CreateUserInput = z.input<typeof createUserRequest>;

const USERS_KEY = ['admin-users'] as const;

/** One page of accounts matching the search (POST /api/admin/list_users). */
export function useUsers(search: string, page: number, limit = ADMIN_PAGE_SIZE) {
  return useQuery({
    queryKey: [...USERS_KEY, search, page, limit],
    queryFn: () =>
      authorApi.call(endpoints.adminListUsers, {
        ...(search ? { search } : {}),
        offset: page * limit,
        limit,
      }),
    placeholderData: keepPreviousData,
  });
}

export type AdminAction =
  | { kind: 'create'; user: CreateUserInput }
  | { kind: 'disable'; user: AdminUser; disabled: boolean }
  | { kind: 'expire'; user: AdminUser }
  | { kind: 'reset'; user: AdminUser }
  | { kind: 'delete'; user: AdminUser; transferTo: number | null };

function call(action: AdminAction): Promise<unknown> {
  switch (action.kind) {
    case 'create':
      return authorApi.call(endpoints.adminCreateUser, action.user);
    case 'disable':
      return authorApi.call(endpoints.adminSetDisabled, {
        user_id: action.user.user_id,
        disabled: action.disabled,
      });
    case 'expire':
      return authorApi.call(endpoints.adminExpirePassword, { user_id: action.user.user_id });
    case 'reset':
      return authorApi.call(endpoints.adminSendResetLink, { user_id: action.user.user_id });
    case 'delete':
      return authorApi.call(endpoints.adminDeleteUser, {
        user_id: action.user.user_id,
        ...(action.transferTo ? { transfer_to_user_id: action.transferTo } : {}),
      });
  }
}

/** Every admin call; the account list reloads after each. */
export function useAdminAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
