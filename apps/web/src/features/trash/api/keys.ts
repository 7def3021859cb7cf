/** Query keys of the trash. */
export const trashKeys = {
  all: ['trash'] as const,
  list: (kind: string | null) => ['trash', kind ?? 'all'] as const,
};
export const TRASH_PAGE_SIZE = 25;
