import { type LedgerCheck, LedgerCheckSchema } from '@namebourse/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from './keys.ts';

export const LEDGER_CHECK_PATH = '/admin/ledger/check';

/** GET /api/admin/ledger/check: every balance rebuilt from the postings (finance/admin). */
export async function getLedgerCheck(signal?: AbortSignal): Promise<LedgerCheck> {
  return LedgerCheckSchema.parse(
    await api.get<unknown>(LEDGER_CHECK_PATH, undefined, { errorMode: 'message', signal }),
  );
}

export function useLedgerCheck(enabled = true) {
  return useQuery({
    queryKey: adminKeys.ledgerCheck(),
    queryFn: ({ signal }) => getLedgerCheck(signal),
    enabled,
    staleTime: 0,
  });
}
