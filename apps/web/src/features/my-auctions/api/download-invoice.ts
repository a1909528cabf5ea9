import { useMutation } from '@tanstack/react-query';
import { api, type DownloadResult } from '../../../lib/api-client';

/** GET /api/orders/:orderId/invoice in download mode: saved under the server's content-disposition name. */
export function downloadInvoice(orderId: string): Promise<DownloadResult> {
  return api.download(`/orders/${encodeURIComponent(orderId)}/invoice`, undefined, {
    filename: `invoice-${orderId}.pdf`,
    timeoutMs: 20_000,
  });
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
