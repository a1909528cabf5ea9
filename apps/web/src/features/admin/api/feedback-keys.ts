/** Query keys of the contact-us triage (under the console's ['admin'] root). */
export const feedbackKeys = {
  all: () => ['admin', 'feedback'] as const,
  list: (query: object) => ['admin', 'feedback', 'list', query] as const,
  detail: (id: string) => ['admin', 'feedback', 'detail', id] as const,
};
