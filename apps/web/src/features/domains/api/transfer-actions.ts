import type { FastTransferRegistrar, TransferCodeResult } from '@namebourse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { transferDomainPath } from './transfer-domain.ts';
import { transfersKeys } from './transfers-keys.ts';

/** The answer of a fast transfer or a cancellation: accepted, the result comes later. */
export interface TransferAccepted {
  status: string;
  transferId: string | null;
}

/**
 * POST /api/domains/:name/transfer-code (MFA TRANSFER_OUT: the api-client asks and retries). The code in the
 * answer is shown once and never cached.
 */
export function requestTransferCode(name: string): Promise<TransferCodeResult> {
  return api.post<TransferCodeResult>(`${transferDomainPath(name)}/transfer-code`, {}, { errorMode: 'message' });
}

/** POST /api/domains/:name/fast-transfer { registrar }: only while transferring out. */
export function fastTransfer(name: string, registrar: FastTransferRegistrar): Promise<TransferAccepted> {
  return api.post<TransferAccepted>(
    `${transferDomainPath(name)}/fast-transfer`,
    { registrar },
    { errorMode: 'message' },
  );
}

/** POST /api/domains/:name/cancel-transfer: asked of the registry; the result comes later. */
export function cancelTransfer(name: string): Promise<TransferAccepted> {
  return api.post<TransferAccepted>(`${transferDomainPath(name)}/cancel-transfer`, {}, { errorMode: 'message' });
}

function useRefreshDomains() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: transfersKeys.all });
}

export function useRequestTransferCode() {
  const refresh = useRefreshDomains();
  return useMutation({ mutationFn: requestTransferCode, onSuccess: refresh });
}

export function useFastTransfer() {
  const refresh = useRefreshDomains();
  return useMutation({
    mutationFn: ({ name, registrar }: { name: string; registrar: FastTransferRegistrar }) =>
      fastTransfer(name, registrar),
    onSuccess: refresh,
  });
}

export function useCancelTransfer() {
  const refresh = useRefreshDomains();
  return useMutation({ mutationFn: cancelTransfer, onSuccess: refresh });
}
