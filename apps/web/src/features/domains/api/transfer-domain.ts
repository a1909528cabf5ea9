import type { DomainDetail, MyDomain, Page } from '@namebourse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { activeOperation } from '../lib/transfer-state.ts';
import { getDomainDetail } from './get-domain.ts';
import { transfersKeys } from './transfers-keys.ts';

/** How often the chosen domain is asked again while an operation on it waits for the registrar (ms). */
export const TRANSFER_DOMAIN_POLL_MS = 5000;

/**
 * Poll while the registrar works on an operation (lock, fast transfer, cancellation…); a standard transfer out
 * waits days for the gaining registrar, so it is not polled (Results is).
 */
export function transferDomainPollInterval(domain: DomainDetail | undefined): number | false {
  return domain && activeOperation(domain) ? TRANSFER_DOMAIN_POLL_MS : false;
}

export function transferDomainPath(name: string): string {
  return `/domains/${encodeURIComponent(name)}`;
}

/**
 * GET /api/domains/:name: the domain picked on the transfer-out page (errors are shown in the page). Its
 * `serverTime` sets the clock 'transfer out possible from' is compared with (a manual clock, a device that is off).
 */
export function getTransferDomain(name: string, signal?: AbortSignal): Promise<DomainDetail> {
  return getDomainDetail(name, signal);
}

export function useTransferDomain(name: string | null) {
  return useQuery({
    queryKey: transfersKeys.domain(name ?? ''),
    queryFn: ({ signal }) => getTransferDomain(name ?? '', signal),
    enabled: Boolean(name),
    refetchInterval: (query) => transferDomainPollInterval(query.state.data),
  });
}

/** Domains offered by the picker per search. */
export const PICKER_PAGE_SIZE = 20;

/** GET /api/domains?keyword: the picker's choices (the first page of matches). */
export function getPickerDomains(keyword: string, signal?: AbortSignal): Promise<Page<MyDomain>> {
  const query = { ...(keyword ? { keyword } : {}), page: 1, pageSize: PICKER_PAGE_SIZE, sort: 'name_asc' };
  return api.get<Page<MyDomain>>('/domains', query, { errorMode: 'silent', signal });
}

export function usePickerDomains(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: transfersKeys.picker(keyword),
    queryFn: ({ signal }) => getPickerDomains(keyword, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
