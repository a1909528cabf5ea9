import { type AdminPayee, AdminPayeeSchema, type Page, type PayeeStatus, pageSchema } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const ADMIN_PAYEES_PATH = '/admin/payees';

export interface AdminPayeesQuery {
  /** 'review': pending review + supplement submitted, oldest first; 'all': every status (optionally one). */
  queue: 'review' | 'all';
  status?: PayeeStatus;
  page: number;
  pageSize?: number;
}

const PageOfPayees = pageSchema(AdminPayeeSchema);

/** GET /api/admin/payees (finance/admin). */
export async function getAdminPayees(query: AdminPayeesQuery, signal?: AbortSignal): Promise<Page<AdminPayee>> {
  const params = { ...query, status: query.queue === 'all' ? query.status : undefined };
  return PageOfPayees.parse(await api.get<unknown>(ADMIN_PAYEES_PATH, params, { errorMode: 'message', signal }));
}

export function useAdminPayees(query: AdminPayeesQuery, enabled = true) {
  return useQuery({
    queryKey: adminKeys.payeeList(query),
    queryFn: ({ signal }) => getAdminPayees(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}
