import { SETTLEMENT_STATUSES, type SettlementStatus } from '@namebourse/contract';

export const RECORDS_PAGE_SIZE = 10;

export interface RecordsQuery {
  status?: SettlementStatus;
  page: number;
}

/** The records' filter and page from the URL (?status=&page=), ignoring anything that is not one of them. */
export function readRecordsQuery(params: URLSearchParams): RecordsQuery {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    status: (SETTLEMENT_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as SettlementStatus)
      : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL parameters for a filter and page (page 1 and no filter are left out); other parameters are kept. */
export function writeRecordsQuery(params: URLSearchParams, query: RecordsQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  if (query.status) next.set('status', query.status);
  else next.delete('status');
  if (query.page > 1) next.set('page', String(query.page));
  else next.delete('page');
  return next;
}
