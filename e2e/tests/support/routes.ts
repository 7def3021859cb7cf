import type { ScreenData } from './a11y-data';

export type Role = 'guest' | 'user' | 'admin';

/**
 * Every route of the spec (section 2), with the role that can open it: the accessibility scan and
 * the visual comparisons both visit this list. Adding a screen is one line; `{card}`, `{tag}`,
 * `{alias}` and `{campaign}` are the card, tag, alias and draft campaign seeded before the pass.
 */
export const ROUTES: Record<Role, string[]> = {
  guest: [
    '/',
    '/register',
    '/register/verify/not-a-real-code',
    '/reset-password/not-a-real-token/demo%40e2e.enlaza.test',
    '/link/{alias}/{card}',
    '/link/{alias}/{tag}',
    '/politica',
    '/error-404',
    '/falta-permisos',
  ],
  user: [
    '/user/dashboard',
    '/user/plantillas',
    '/user/plantillas?edit=new',
    '/user/campanas',
    '/user/campanas?edit=new',
    '/user/campanas?id={campaign}',
    '/user/campanas/audiencia',
    '/user/campanas/audiencia?tab=listas',
    '/user/campanas/audiencia?tab=supresiones',
    '/user/buzon/{card}',
    '/user/perfiles',
    '/user/perfiles/carpetas',
    '/user/perfiles/etiquetas',
    '/user/perfiles/new',
    '/user/perfiles/{card}',
    '/user/perfiles/view/{card}',
    '/user/tamys',
    '/user/tamys/carpetas',
    '/user/tamys/etiquetas',
    '/user/tamys/{tag}',
    '/user/tamys/view/{tag}',
    '/user/nube',
    '/user/historial',
    '/user/comunicaciones',
    '/user/muros?profile={card}',
    '/user/papelera',
    '/user/notificaciones',
    '/user/opciones',
    '/user/webhooks',
    '/account',
    '/user/preferencias',
    '/user/personalinformation',
    '/user/plans',
    '/user/myplan',
    '/user/methods',
    '/user/paquetes',
    '/user/pagos',
  ],
  admin: [
    '/admin/dashboard',
    '/admin/admins',
    '/admin/users',
    '/admin/tipo-suscripcions',
    '/admin/impuestos',
    '/admin/impuestos-ue',
    '/admin/tipo-cuenta',
    '/admin/suscripcions',
    '/admin/planes',
    '/admin/suscripciones-disponibles',
    '/admin/paquetes',
    '/admin/historial',
    '/admin/facturas',
  ],
};

/** A route with the seeded data's ids in it. */
export const resolveRoute = (path: string, data: ScreenData | undefined) =>
  data
    ? path.replace('{alias}', data.alias).replace('{card}', data.cardId).replace('{tag}', data.tagId).replace('{campaign}', data.campaignId)
    : path;

/** Pages the server renders itself, outside the SPA: their scripts read the scheme once, when loaded. */
export const isServerRendered = (route: string) => route === '/' || route === '/register' || route.startsWith('/link/');
/** Pages that follow the system scheme without marking it on `<html>` (the SPA and the registration page mark it). */
export const followsSystemScheme = (route: string) => route === '/' || route.startsWith('/link/');
