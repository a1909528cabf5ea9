/** TanStack Query keys of My domains (the list and the groups). */
export const domainKeys = {
  all: ['domains'] as const,
  lists: () => ['domains', 'list'] as const,
  list: (query: object) => ['domains', 'list', query] as const,
  groups: () => ['domains', 'groups'] as const,
};
