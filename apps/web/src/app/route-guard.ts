import { matchRoutes, redirect, type RouteObject } from 'react-router';
import type { Role } from '@enlaza/contracts';
import { getSession } from '@/lib/session';
import { dashboardPath, FORBIDDEN_PATH, isRouteHandle, LOGIN_PATH, type RouteHandle } from './route-handle';

export type GuardDecision = { action: 'allow'; callUser: boolean } | { action: 'redirect'; to: string };

export interface GuardInput {
  /** Handles of the matched routes, outermost first. */
  handles: readonly RouteHandle[];
  token: string | null;
  /** The role of the stored user (`roll`); null when none is stored. */
  role: Role | null;
}

/**
 * Spec §4 and PRODUCT.md §3, as one pure function:
 * - a route needing sign-in goes to login when there is no token;
 * - a role other than the route's goes to /falta-permisos (no fallback to the other area);
 * - a signed-in user opening the login page goes to their dashboard;
 * - the user call is made when a token is held, except on the routes that skip it.
 * A token with no stored role yet lets the user call settle the role first.
 */
export function decideNavigation({ handles, token, role }: GuardInput): GuardDecision {
  const required = handles.reduce<Role | undefined>((acc, h) => h.auth ?? acc, undefined);
  const skipUserCall = handles.some((h) => h.skipUserCall === true);
  const guestOnly = handles.some((h) => h.guestOnly === true);

  if (required) {
    if (!token) return { action: 'redirect', to: LOGIN_PATH };
    if (role !== null && role !== required) return { action: 'redirect', to: FORBIDDEN_PATH };
  }
  if (guestOnly && token && role) return { action: 'redirect', to: dashboardPath(role) };
  return { action: 'allow', callUser: token !== null && !skipUserCall };
}

export function handlesFor(routes: RouteObject[], pathname: string): RouteHandle[] {
  return (matchRoutes(routes, pathname) ?? []).map((m) => m.route.handle as unknown).filter(isRouteHandle);
}

/**
 * The root loader: runs on every navigation (its shouldRevalidate always answers true).
 * `routes` is read lazily because the loader is part of the route tree it inspects.
 */
export function createGuardLoader(getRoutes: () => RouteObject[]) {
  return async function guardLoader({ request }: { request: Request }): Promise<Response | null> {
    const { pathname } = new URL(request.url);
    const handles = handlesFor(getRoutes(), pathname);
    const before = getSession();
    const decision = decideNavigation({ handles, token: before.token, role: before.role });
    if (decision.action === 'redirect') return redirect(decision.to);
    if (!decision.callUser) return null;

    const { syncSignedInSession } = await import('./signed-in-sync');
    const failed = await syncSignedInSession();
    if (failed) return failed;

    // The role may have changed with the fresh user.
    const after = getSession();
    const recheck = decideNavigation({ handles, token: after.token, role: after.role });
    return recheck.action === 'redirect' ? redirect(recheck.to) : null;
  };
}
