import type { Role } from '@enlaza/contracts';

/** Static facts a route declares in its `handle`; the guard and the generic page read them. */
export interface RouteHandle {
  /** Role every page under this route requires (signed in, with that role). */
  auth?: Role;
  /** The user call is not made on this route (login, registration, password reset, public profile). */
  skipUserCall?: boolean;
  /** Only for visitors: a signed-in user is sent to their dashboard (the login page). */
  guestOnly?: boolean;
  /** i18n key of the page title, e.g. `pages:user.nube`. */
  titleKey?: string;
  /** The screen is still the generic "arrives soon" page: the menus say so. */
  comingSoon?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}

export function dashboardPath(role: Role): string {
  return role === 'admin' ? '/admin/dashboard' : '/user/dashboard';
}

export const LOGIN_PATH = '/';
export const FORBIDDEN_PATH = '/falta-permisos';
export const NOT_FOUND_PATH = '/error-404';
