/**
 * Every page path of the web app, as its router writes them (`:name` is one path segment). The
 * server answers the app's HTML for any other path too (the app then shows its "page not found"),
 * but with HTTP 404, so that a mistyped or dead address is not a soft 404. The web app's test
 * `app/spa-routes.test.ts` keeps this list equal to its router's.
 */
export const SPA_ROUTES = [
  '/',
  '/register',
  '/register/verify/:code',
  '/reset-password/:token/:email',
  '/link/:aliascliente/:profileId',
  '/politica',
  '/error-404',
  '/falta-permisos',
  '/admin',
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
  '/admin/jobs',
  '/admin/facturas',
  '/admin/cupones',
  '/admin/cupones/:couponId',
  '/admin/servidores-smtp',
  '/user/account',
  '/user',
  '/user/dashboard',
  '/user/plantillas',
  '/user/campanas',
  '/user/campanas/audiencia',
  '/user/campanas/audiencia/:listId',
  '/user/campanas/audiencia/segmentos/:segmentId',
  '/user/campanas/automatizaciones',
  '/user/campanas/automatizaciones/:automationId',
  '/user/campanas/dominios',
  '/user/buzon/:profileId',
  '/user/perfiles',
  '/user/perfiles/carpetas',
  '/user/perfiles/etiquetas',
  '/user/perfiles/:profileId',
  '/user/perfiles/view/:profileId',
  '/user/tamys',
  '/user/tamys/carpetas',
  '/user/tamys/etiquetas',
  '/user/tamys/:profileId',
  '/user/tamys/view/:profileId',
  '/user/nube',
  '/user/historial',
  '/user/comunicaciones',
  '/user/muros',
  '/user/papelera',
  '/user/notificaciones',
  '/user/opciones',
  '/user/webhooks',
  '/user/crm',
  '/user/crm/callback',
  '/user/dominios',
  '/user/equipo',
  '/user/equipo/scim',
  '/user/equipo/sso',
  '/user/equipo/unirse/:token',
  '/account',
  '/user/preferencias',
  '/user/personalinformation',
  '/user/plans',
  '/user/myplan',
  '/user/methods',
  // Where Redsys' payment page sends the browser back (URLOK/URLKO) with its signed result.
  '/user/methods/redsys',
  '/user/paquetes',
  '/user/pagos',
  '/user/pagos/:paymentId',
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SPA_ROUTE_PATTERN = new RegExp(
  `^(?:${SPA_ROUTES.map((route) =>
    route
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
      .join('/'),
  ).join('|')})/?$`,
);

/** Whether a path (without its query) is one of the web app's pages. */
export function isSpaRoute(pathname: string): boolean {
  return SPA_ROUTE_PATTERN.test(pathname);
}
