/** Query keys of the customer-service desk (/admin/support), under ['admin', 'support']. */
export const supportKeys = {
  all: ['admin', 'support'] as const,
  queue: () => ['admin', 'support', 'queue'] as const,
  mine: () => ['admin', 'support', 'mine'] as const,
  summary: (conversationId: string) => ['admin', 'support', 'summary', conversationId] as const,
};
