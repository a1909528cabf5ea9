import { api, type DownloadResult } from '../../../lib/api-client.ts';
import { LISTINGS_PATH } from './get-listings.ts';

/** GET /api/listings/import/template in download mode: the .xlsx is saved under the server's name. */
export function downloadImportTemplate(): Promise<DownloadResult> {
  return api.download(`${LISTINGS_PATH}/import/template`, undefined, {
    errorMode: 'toast',
    filename: 'listings-template.xlsx',
  });
}
