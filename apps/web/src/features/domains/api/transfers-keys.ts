/**
 * Query keys of the transfer-out page, under `['domains']` so every change to a domain (here or on My domains)
 * refreshes them with one invalidation.
 */
export const transfersKeys = {
  all: ['domains'] as const,
  domain: (name: string) => ['domains', 'detail', name] as const,
  picker: (keyword: string) => ['domains', 'transfer-picker', keyword] as const,
  list: (query: object) => ['domains', 'transfers', query] as const,
};
