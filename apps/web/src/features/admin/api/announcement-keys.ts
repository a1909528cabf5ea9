/** Query keys of the announcements section (under the console's ['admin'] root). */
export const announcementKeys = {
  all: () => ['admin', 'announcements'] as const,
  list: (query: object) => ['admin', 'announcements', 'list', query] as const,
};
