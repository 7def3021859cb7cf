import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import type { AccountPage } from './account-pages';
import { adminPages } from './admin-pages';
import type { ProfilePage } from './profile-pages';
import type { ShellLayoutProps } from './layouts/app-shell-layout';
import { lazyPage } from './lazy-page';
import { InitialLoading, RootErrorBoundary, RootLayout } from './root-layout';
import { createGuardLoader } from './route-guard';
import { isRouteHandle, NOT_FOUND_PATH, type RouteHandle } from './route-handle';

/** A page of ./account-pages, loaded through that module (see there why). */
const accountPage = (name: AccountPage) => () => import('./account-pages').then((m) => m.accountPages[name]());

/** The cards and tags pages (one set for both kinds), loaded through ./profile-pages; namespaces per page. */
const PROFILE_NS: Record<ProfilePage, string[]> = {
  list: ['profiles', 'admin', 'trash'],
  collections: ['profiles', 'admin'],
  editor: ['profiles', 'admin', 'phone', 'cloud'],
  view: ['profiles', 'admin', 'public-profile'],
};
const profileRoute = (path: string, page: ProfilePage, titleKey: string): RouteObject => ({
  path,
  lazy: lazyPage(() => import('./profile-pages').then((m) => m.profilePages[page]()), { namespaces: PROFILE_NS[page] }),
  handle: { titleKey } satisfies RouteHandle,
});

const comingSoon = lazyPage(() => import('./pages/coming-soon-page'), { namespaces: ['pages'] });

/** A page of an area built by a later issue: the generic page titled from the handle. */
export function placeholder(path: string, titleKey: string, extra: RouteHandle = {}): RouteObject {
  return { path, lazy: comingSoon, handle: { titleKey, comingSoon: true, ...extra } satisfies RouteHandle };
}

const to = (path: string) => () => redirect(path);
/** Routes that only redirect still declare a (never shown) component. */
const Redirecting = () => null;

/** Translation namespaces loaded with the code of the pages that use them (`notifications`: the header's bell). */
const SHELL_NS = ['pages', 'notifications'];
const DASHBOARD_NS = ['dashboard', 'plan', 'pages'];

/** A signed-in area's layout, handed the menu entries still to come. The route table knows them and
 * loads the layouts, so a layout that imported them from here would import its own importer. */
const shellLayout = (importer: () => Promise<{ default: ComponentType<ShellLayoutProps> }>) =>
  lazyPage(
    () =>
      importer().then(({ default: Layout }) => ({
        default: function ShellLayout() {
          return <Layout comingSoon={COMING_SOON_PATHS} />;
        },
      })),
    { namespaces: SHELL_NS },
  );

const adminChildren: RouteObject[] = [{ index: true, loader: to('/admin/dashboard'), Component: Redirecting }, ...adminPages];

const userChildren: RouteObject[] = [
  { index: true, loader: to('/user/dashboard'), Component: Redirecting },
  {
    path: 'dashboard',
    lazy: lazyPage(() => import('@/features/dashboard/pages/user-dashboard-page'), { namespaces: [...DASHBOARD_NS, 'campaigns'] }),
    handle: { titleKey: 'pages:user.dashboard' },
  },
  {
    path: 'plantillas',
    lazy: lazyPage(() => import('@/features/templates/pages/templates-page'), {
      namespaces: ['templates', 'editor', 'admin', 'trash', 'cloud'],
    }),
    handle: { titleKey: 'pages:user.plantillas' },
  },
  {
    path: 'campanas',
    lazy: lazyPage(() => import('@/features/campaigns/pages/campaigns-page'), { namespaces: ['campaigns', 'admin'] }),
    handle: { titleKey: 'pages:user.campanas' },
  },
  {
    path: 'campanas/audiencia',
    lazy: lazyPage(() => import('@/features/audience/pages/audience-page'), { namespaces: ['audience', 'admin'] }),
    handle: { titleKey: 'pages:user.audiencia' },
  },
  {
    path: 'campanas/audiencia/:listId',
    lazy: lazyPage(() => import('@/features/audience/pages/contact-list-page'), { namespaces: ['audience', 'admin'] }),
    handle: { titleKey: 'pages:user.audienciaLista' },
  },
  {
    path: 'campanas/audiencia/segmentos/:segmentId',
    lazy: lazyPage(() => import('@/features/audience/pages/segment-page'), { namespaces: ['audience', 'admin'] }),
    handle: { titleKey: 'pages:user.audienciaSegmento' },
  },
  {
    path: 'campanas/automatizaciones',
    lazy: lazyPage(() => import('@/features/automations/pages/automations-page'), { namespaces: ['automations', 'admin'] }),
    handle: { titleKey: 'pages:user.automatizaciones' },
  },
  {
    path: 'campanas/automatizaciones/:automationId',
    lazy: lazyPage(() => import('@/features/automations/pages/automation-page'), { namespaces: ['automations', 'admin'] }),
    handle: { titleKey: 'pages:user.automatizacion' },
  },
  {
    path: 'campanas/dominios',
    lazy: lazyPage(() => import('@/features/sending-domains/pages/sending-domains-page'), { namespaces: ['sending-domains', 'admin'] }),
    handle: { titleKey: 'pages:user.dominios' },
  },
  {
    path: 'buzon/:profileId',
    lazy: lazyPage(accountPage('mailbox'), { namespaces: ['mailbox', 'admin', 'trash'] }),
    handle: { titleKey: 'pages:user.buzon' },
  },
  profileRoute('perfiles', 'list', 'pages:user.perfiles'),
  profileRoute('perfiles/carpetas', 'collections', 'pages:user.perfilesCarpetas'),
  profileRoute('perfiles/etiquetas', 'collections', 'pages:user.perfilesEtiquetas'),
  profileRoute('perfiles/:profileId', 'editor', 'pages:user.perfilEdit'),
  profileRoute('perfiles/view/:profileId', 'view', 'pages:user.perfilView'),
  profileRoute('tamys', 'list', 'pages:user.tamys'),
  profileRoute('tamys/carpetas', 'collections', 'pages:user.tamysCarpetas'),
  profileRoute('tamys/etiquetas', 'collections', 'pages:user.tamysEtiquetas'),
  profileRoute('tamys/:profileId', 'editor', 'pages:user.tamyEdit'),
  profileRoute('tamys/view/:profileId', 'view', 'profiles:view.tagTitle'),
  {
    path: 'nube',
    lazy: lazyPage(() => import('@/features/cloud/pages/cloud-page'), { namespaces: ['cloud', 'admin', 'trash'] }),
    handle: { titleKey: 'pages:user.nube' },
  },
  { path: 'historial', lazy: lazyPage(accountPage('history'), { namespaces: ['history'] }), handle: { titleKey: 'pages:user.historial' } },
  {
    path: 'comunicaciones',
    lazy: lazyPage(() => import('@/features/communications/pages/communications-page'), { namespaces: ['communications', 'admin'] }),
    handle: { titleKey: 'pages:user.comunicaciones' },
  },
  {
    path: 'muros',
    lazy: lazyPage(() => import('@/features/walls/pages/walls-page'), { namespaces: ['walls', 'editor', 'cloud', 'admin', 'trash'] }),
    handle: { titleKey: 'pages:user.muros' },
  },
  {
    path: 'papelera',
    lazy: lazyPage(() => import('@/features/trash/pages/trash-page'), { namespaces: ['trash', 'admin'] }),
    handle: { titleKey: 'pages:user.papelera' },
  },
  {
    path: 'notificaciones',
    lazy: lazyPage(() => import('@/features/notifications/pages/notifications-page'), { namespaces: ['notifications'] }),
    handle: { titleKey: 'pages:user.notificaciones' },
  },
  { path: 'opciones', lazy: lazyPage(accountPage('options'), { namespaces: ['options'] }), handle: { titleKey: 'pages:user.opciones' } },
  {
    path: 'webhooks',
    lazy: lazyPage(() => import('@/features/webhooks/pages/webhooks-page'), { namespaces: ['webhooks'] }),
    handle: { titleKey: 'pages:user.webhooks' },
  },
  {
    path: 'crm',
    lazy: lazyPage(() => import('@/features/crm/pages/crm-page'), { namespaces: ['crm'] }),
    handle: { titleKey: 'pages:user.crm' },
  },
  {
    path: 'crm/callback',
    lazy: lazyPage(() => import('@/features/crm/pages/crm-callback-page'), { namespaces: ['crm'] }),
    handle: { titleKey: 'pages:user.crmCallback' },
  },
  {
    path: 'dominios',
    lazy: lazyPage(() => import('@/features/custom-domains/pages/custom-domains-page'), { namespaces: ['custom-domains', 'admin'] }),
    handle: { titleKey: 'pages:user.dominiosPropios' },
  },
  {
    path: 'equipo',
    // `register`: the alias field's words; `admin`: the tables'; `cloud` and `phone`: the logo and phone pickers.
    lazy: lazyPage(() => import('@/features/teams/pages/team-page'), { namespaces: ['teams', 'register', 'admin', 'cloud', 'phone'] }),
    handle: { titleKey: 'pages:user.equipo' },
  },
  {
    path: 'equipo/sso',
    lazy: lazyPage(() => import('@/features/sso/pages/sso-settings-page'), { namespaces: ['sso'] }),
    handle: { titleKey: 'pages:user.equipoSso' },
  },
  {
    path: 'equipo/scim',
    lazy: lazyPage(() => import('@/features/scim/pages/scim-settings-page'), { namespaces: ['scim'] }),
    handle: { titleKey: 'pages:user.equipoScim' },
  },
];

/** The account section: role user, its own shell; paths exactly as the inherited spec lists them. */
const accountChildren: RouteObject[] = [
  {
    path: 'account',
    lazy: lazyPage(accountPage('accountHome'), { namespaces: ['account', 'plan'] }),
    handle: { titleKey: 'pages:account.home' },
  },
  {
    path: 'user/preferencias',
    lazy: lazyPage(accountPage('preferences'), { namespaces: ['account'] }),
    handle: { titleKey: 'pages:account.preferencias' },
  },
  {
    path: 'user/personalinformation',
    lazy: lazyPage(() => import('@/features/account/pages/personal-information-page'), { namespaces: ['account', 'phone', 'pages'] }),
    handle: { titleKey: 'pages:account.personalInformation' },
  },
  {
    path: 'user/plans',
    lazy: lazyPage(() => import('@/features/billing/pages/plans-page'), { namespaces: ['billing', 'plan', 'admin', 'account'] }),
    handle: { titleKey: 'pages:account.plans' },
  },
  {
    path: 'user/myplan',
    lazy: lazyPage(() => import('@/features/billing/pages/myplan-page'), { namespaces: ['billing', 'admin', 'plan'] }),
    handle: { titleKey: 'pages:account.myplan' },
  },
  {
    path: 'user/methods',
    lazy: lazyPage(() => import('@/features/billing/pages/methods-page'), { namespaces: ['billing', 'admin'] }),
    handle: { titleKey: 'pages:account.methods' },
  },
  {
    // Where Redsys' payment page sends the browser back (URLOK/URLKO): the setup saved, the payment's end.
    path: 'user/methods/redsys',
    lazy: lazyPage(() => import('@/features/billing/pages/redsys-return-page'), { namespaces: ['billing', 'admin'] }),
    handle: { titleKey: 'pages:account.methods' },
  },
  {
    path: 'user/paquetes',
    lazy: lazyPage(() => import('@/features/billing/pages/paquetes-page'), { namespaces: ['billing', 'admin', 'account'] }),
    handle: { titleKey: 'pages:account.paquetes' },
  },
  {
    path: 'user/pagos',
    lazy: lazyPage(() => import('@/features/billing/pages/pagos-page'), { namespaces: ['billing', 'admin'] }),
    handle: { titleKey: 'pages:account.pagos' },
  },
  {
    // A payment's page (linked from the email of a renewal that waits for authentication).
    path: 'user/pagos/:paymentId',
    lazy: lazyPage(() => import('@/features/billing/pages/payment-page'), { namespaces: ['billing', 'admin'] }),
    handle: { titleKey: 'pages:account.payment' },
  },
];

const publicChildren: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(() => import('@/features/auth/pages/sign-in-entry-page'), { namespaces: ['auth', 'password', 'sso'] }),
    handle: { titleKey: 'pages:public.login', skipUserCall: true, guestOnly: true },
  },
  {
    path: 'register',
    lazy: lazyPage(accountPage('register'), { namespaces: ['register'] }),
    handle: { titleKey: 'pages:public.register', skipUserCall: true },
  },
  {
    path: 'register/verify/:code',
    lazy: lazyPage(accountPage('verify'), { namespaces: ['register'] }),
    handle: { titleKey: 'pages:public.verify' },
  },
  {
    // An invitation's link: opened signed out as well (sign in or register from it), so outside the user area's guard.
    path: 'user/equipo/unirse/:token',
    lazy: lazyPage(() => import('@/features/teams/pages/join-team-page'), { namespaces: ['teams'] }),
    handle: { titleKey: 'pages:user.equipoUnirse' },
  },
  {
    path: 'reset-password/:token/:email',
    lazy: lazyPage(accountPage('resetPassword'), { namespaces: ['password'] }),
    handle: { titleKey: 'pages:public.resetPassword', skipUserCall: true },
  },
  {
    path: 'link/:aliascliente/:profileId',
    // Rendered by the server (with its own small script): reached from inside the app, it is loaded as a page.
    lazy: lazyPage(() => import('@/features/public-profile/pages/server-page-redirect'), { namespaces: [] }),
    handle: { titleKey: 'pages:public.publicProfile', skipUserCall: true },
  },
  { path: 'politica', lazy: lazyPage(accountPage('policy'), { namespaces: ['policy'] }), handle: { titleKey: 'pages:public.politica' } },
  {
    path: 'error-404',
    lazy: lazyPage(() => import('@/features/errors/pages/not-found-page'), { namespaces: ['errors'] }),
    handle: { titleKey: 'pages:public.notFound' },
  },
  {
    path: 'falta-permisos',
    lazy: lazyPage(() => import('@/features/errors/pages/forbidden-page'), { namespaces: ['errors'] }),
    handle: { titleKey: 'pages:public.forbidden' },
  },
];

export function createRoutes(): RouteObject[] {
  const routes: RouteObject[] = [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: InitialLoading,
      ErrorBoundary: RootErrorBoundary,
      loader: createGuardLoader(() => routes),
      // The guard and the user call run on every route change.
      shouldRevalidate: () => true,
      children: [
        { lazy: lazyPage(() => import('./layouts/public-layout')), children: publicChildren },
        {
          path: 'admin',
          handle: { auth: 'admin' } satisfies RouteHandle,
          lazy: shellLayout(() => import('./layouts/admin-layout')),
          children: adminChildren,
        },
        { path: 'user/account', loader: to('/account'), Component: Redirecting },
        {
          path: 'user',
          handle: { auth: 'user' } satisfies RouteHandle,
          lazy: shellLayout(() => import('./layouts/user-layout')),
          children: userChildren,
        },
        {
          handle: { auth: 'user' } satisfies RouteHandle,
          lazy: shellLayout(() => import('./layouts/account-layout')),
          children: accountChildren,
        },
        { path: '*', loader: to(NOT_FOUND_PATH), Component: Redirecting },
      ],
    },
  ];
  return routes;
}

/** Every path of `routes` whose screen is still the generic "arrives soon" page (`placeholder`). */
export function comingSoonPaths(routes: RouteObject[], base = ''): Set<string> {
  const found = new Set<string>();
  for (const route of routes) {
    const path = route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
    if (isRouteHandle(route.handle) && route.handle.comingSoon) found.add(path);
    if (route.children) for (const child of comingSoonPaths(route.children, path)) found.add(child);
  }
  return found;
}

/** The menus badge these entries "Soon"; building a screen (no more `placeholder`) removes its badge. */
export const COMING_SOON_PATHS: ReadonlySet<string> = comingSoonPaths(createRoutes());

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
