/*
 * The code of the cards and tags pages, behind one more dynamic import (see account-pages.ts):
 * each `import()` written in router.tsx adds its file list to the entry chunk the login page
 * downloads; here the four pages cost router.tsx a single one.
 */
export const profilePages = {
  list: () => import('@/features/profiles/pages/profile-list-page'),
  editor: () => import('@/features/profiles/pages/profile-editor-page'),
  view: () => import('@/features/profiles/pages/profile-view-page'),
  collections: () => import('@/features/profiles/pages/collections-page'),
};

export type ProfilePage = keyof typeof profilePages;
