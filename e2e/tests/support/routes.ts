export type Role = 'guest' | 'user' | 'admin' | 'owner' | 'member';

/**
 * Every route of the spec (section 2), with the role that can open it: the accessibility scan and
 * the visual comparisons both visit this list. Adding a screen is one line; `{card}`, `{tag}`,
 * `{alias}`, `{campaign}`, `{automation}`, `{segment}` and `{payment}` are the card, tag, alias, draft campaign, draft automation,
 * segment and payment waiting for authentication seeded before the pass, `{coupon}` the admin's coupon with promotion codes (support/a11y-data.ts);
 * `{invitation}` a pending invitation's token and `{teamCard}` the member's card of the team seeded
 * for the team's `owner` and `member` (support/team-data.ts).
 */
export const ROUTES: Record<Role, string[]> = {
  guest: [
    '/',
    '/register',
    '/register/verify/not-a-real-code',
    '/reset-password/not-a-real-token/demo%40e2e.enlaza.test',
    '/link/{alias}/{card}',
    '/link/{alias}/{tag}',
    '/user/equipo/unirse/{invitation}',
    // "Sign in with SSO": the work email that leads to the team's identity provider.
    '/?sso=1',
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
    '/user/campanas/audiencia?tab=campos',
    '/user/campanas/audiencia?tab=segmentos',
    '/user/campanas/audiencia/segmentos/{segment}',
    '/user/campanas/audiencia?tab=supresiones',
    '/user/campanas/audiencia?tab=consentimiento',
    '/user/campanas/automatizaciones',
    '/user/campanas/automatizaciones/{automation}',
    '/user/campanas/automatizaciones/{automation}?tab=personas',
    '/user/campanas/dominios',
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
    '/user/crm',
    '/user/dominios',
    '/user/equipo',
    '/account',
    '/user/preferencias',
    '/user/personalinformation',
    '/user/plans',
    '/user/myplan',
    '/user/methods',
    '/user/paquetes',
    '/user/pagos',
    '/user/pagos/{payment}',
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
    '/admin/jobs',
    '/admin/facturas',
    '/admin/cupones',
    '/admin/cupones/{coupon}',
    '/admin/servidores-smtp',
  ],
  // A team's owner (its management, tab by tab) and one of its members (their view, their locked card).
  owner: [
    '/user/equipo',
    '/user/equipo?tab=invitaciones',
    '/user/equipo?tab=plantilla',
    '/user/equipo?tab=directorio',
    '/user/equipo?tab=cifras',
    '/user/equipo?tab=datos',
    // Its team section: a team's owner connects a CRM for every card of the team.
    '/user/crm',
    // The team's single sign-on (no identity provider yet: the values to paste, the empty domains).
    '/user/equipo/sso',
    // The team's SCIM provisioning (no token yet: the values to paste, the empty lists).
    '/user/equipo/scim',
  ],
  member: ['/user/equipo', '/user/perfiles/{teamCard}'],
};

/** The seeded ids a route may name: `{card}` is `cardId`… */
export type RouteData = Partial<
  Record<
    'alias' | 'cardId' | 'tagId' | 'campaignId' | 'automationId' | 'segmentId' | 'paymentId' | 'couponId' | 'invitation' | 'teamCardId',
    string
  >
>;
const PLACEHOLDERS = {
  alias: 'alias',
  card: 'cardId',
  tag: 'tagId',
  campaign: 'campaignId',
  automation: 'automationId',
  segment: 'segmentId',
  payment: 'paymentId',
  coupon: 'couponId',
  invitation: 'invitation',
  teamCard: 'teamCardId',
} as const;

/** A route with the seeded data's ids in it. */
export const resolveRoute = (path: string, data: RouteData | undefined) =>
  path.replace(/\{(\w+)\}/g, (whole, name: string) => data?.[PLACEHOLDERS[name as keyof typeof PLACEHOLDERS]] ?? whole);

/** Pages the server renders itself, outside the SPA: their scripts read the scheme once, when loaded. */
export const isServerRendered = (route: string) => route === '/' || route === '/register' || route.startsWith('/link/');
/** Pages that follow the system scheme without marking it on `<html>` (the SPA and the registration page mark it). */
export const followsSystemScheme = (route: string) => route === '/' || route.startsWith('/link/');
