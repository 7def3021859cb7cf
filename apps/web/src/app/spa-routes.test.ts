import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isSpaRoute, SPA_ROUTES } from '@enlaza/contracts';
import { createRoutes } from './router';

/** Every path the router shows a page for (leaves and index routes), as absolute patterns; not the catch-all. */
function pagePaths(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
    if (route.path === '*') return [];
    if (route.children) return pagePaths(route.children, path);
    return [path || '/'];
  });
}

describe('the server’s list of the app’s pages', () => {
  it('is the router’s, so that the server answers 200 for a page and 404 for any other path', () => {
    expect([...SPA_ROUTES].sort()).toEqual(pagePaths(createRoutes()).sort());
  });

  it('matches a page’s path with its parameters, and nothing else', () => {
    expect(isSpaRoute('/')).toBe(true);
    expect(isSpaRoute('/user/perfiles/view/0b6f3c2e-9d7b-4f43-9d64-5a1f3c2b1a00')).toBe(true);
    expect(isSpaRoute('/user/dashboard/')).toBe(true);
    expect(isSpaRoute('/user/dashboardx')).toBe(false);
    expect(isSpaRoute('/user/perfiles/view')).toBe(true); // the editor's `perfiles/:profileId` with the id "view"
    expect(isSpaRoute('/user/perfiles/view/a/b')).toBe(false);
    expect(isSpaRoute('/no-such-page')).toBe(false);
    expect(isSpaRoute('/link/ana')).toBe(false);
  });
});
