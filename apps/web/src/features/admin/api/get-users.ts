import { type AdminUser, AdminUserSchema, type Page, pageSchema } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const ADMIN_USERS_PATH = '/admin/users';

export interface AdminUsersQuery {
  /** Account no, e-mail or nickname; empty lists everyone. */
  q: string;
  page: number;
  pageSize?: number;
}

const PageOfUsers = pageSchema(AdminUserSchema);

/** GET /api/admin/users?q= (support/finance/admin). */
export async function getAdminUsers(query: AdminUsersQuery, signal?: AbortSignal): Promise<Page<AdminUser>> {
  return PageOfUsers.parse(await api.get<unknown>(ADMIN_USERS_PATH, query, { errorMode: 'message', signal }));
}

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) => getAdminUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
