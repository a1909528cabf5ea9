import { type AuditEntry, AuditEntrySchema, type Page, pageSchema } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AuditRequest } from '../lib/audit-query.ts';

export const AUDIT_PATH = '/admin/audit';
export const auditKey = (query: AuditRequest) => ['admin', 'audit', query] as const;

const PageOfEntries = pageSchema(AuditEntrySchema);

/** GET /api/admin/audit (admins): the audit log, newest first, filtered. */
export async function getAudit(query: AuditRequest, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  return PageOfEntries.parse(await api.get<unknown>(AUDIT_PATH, query, { errorMode: 'message', signal }));
}

export function useAudit(query: AuditRequest) {
  return useQuery({
    queryKey: auditKey(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}
