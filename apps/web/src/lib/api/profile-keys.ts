import type { ProfileKind } from '@enlaza/contracts';

/**
 * Query keys of my cards and tags. In lib, not in the profiles feature, because the teams feature
 * refreshes them too (joining, leaving or offboarding changes a card): features never import each other.
 */
export const profileKeys = {
  all: ['profiles'] as const,
  list: (query: { kind: ProfileKind }) => [...profileKeys.all, 'list', query] as const,
  one: (id: string) => [...profileKeys.all, 'one', id] as const,
  previewLink: (id: string, version: string) => [...profileKeys.all, 'preview-link', id, version] as const,
  stats: (id: string) => [...profileKeys.all, 'stats', id] as const,
  signature: (id: string, version: string, locale: string) => [...profileKeys.all, 'signature', id, version, locale] as const,
};
