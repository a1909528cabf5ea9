import { useMutation } from '@tanstack/react-query';
import { api, type DownloadResult } from '../../lib/api-client.ts';
import { ORDERS_PATH } from './pay-orders.ts';

/** GET /api/orders/:orderId/invoice in download mode: saved under the server's content-disposition name. */
export function downloadInvoice(orderId: string): Promise<DownloadResult> {
  return api.download(`${ORDERS_PATH}/${encodeURIComponent(orderId)}/invoice`, undefined, {
    filename: `invoice-${orderId}.pdf`,
    // A PDF is generated on demand; give it more than the default 5 s to start arriving.
    timeoutMs: 20_000,
  });
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
