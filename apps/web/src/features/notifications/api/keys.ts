export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Query keys of my notifications. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (limit: number) => ['notifications', 'list', limit] as const,
  unread: ['notifications', 'unread'] as const,
};
