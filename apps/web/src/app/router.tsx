import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { InitialLoading, RootErrorBoundary, RootLayout } from './root-layout';
import { createGuardLoader } from './route-guard';
import { NOT_FOUND_PATH, type RouteHandle } from './route-handle';

const comingSoon = lazyPage(() => import('./pages/coming-soon-page'), { namespaces: ['pages'] });

/** A page of an area built by a later issue: the generic page titled from the handle. */
function placeholder(path: string, titleKey: string, extra: RouteHandle = {}): RouteObject {
  return { path, lazy: comingSoon, handle: { titleKey, ...extra } satisfies RouteHandle };
}

const to = (path: string) => () => redirect(path);
/** Routes that only redirect still declare a (never shown) component. */
const Redirecting = () => null;

/** Translation namespaces loaded with the code of the pages that use them. */
const SHELL_NS = ['pages'];
const DASHBOARD_NS = ['dashboard', 'pages'];

const adminChildren: RouteObject[] = [
  { index: true, loader: to('/admin/dashboard'), Component: Redirecting },
  { path: 'dashboard', lazy: lazyPage(() => import('@/features/dashboard/pages/admin-dashboard-page'), { namespaces: DASHBOARD_NS }), handle: { titleKey: 'pages:admin.dashboard' } },
  placeholder('admins', 'pages:admin.admins'),
  placeholder('users', 'pages:admin.users'),
  placeholder('tipo-suscripcions', 'pages:admin.tipoSuscripcions'),
  placeholder('impuestos', 'pages:admin.impuestos'),
  placeholder('tipo-cuenta', 'pages:admin.tipoCuenta'),
  placeholder('suscripcions', 'pages:admin.suscripcions'),
  placeholder('planes', 'pages:admin.planes'),
  placeholder('suscripciones-disponibles', 'pages:admin.suscripcionesDisponibles'),
  placeholder('paquetes', 'pages:admin.paquetes'),
  placeholder('historial', 'pages:admin.historial'),
  placeholder('facturas', 'pages:admin.facturas'),
];

const userChildren: RouteObject[] = [
  { index: true, loader: to('/user/dashboard'), Component: Redirecting },
  { path: 'dashboard', lazy: lazyPage(() => import('@/features/dashboard/pages/user-dashboard-page'), { namespaces: DASHBOARD_NS }), handle: { titleKey: 'pages:user.dashboard' } },
  placeholder('plantillas', 'pages:user.plantillas'),
  placeholder('campanas', 'pages:user.campanas'),
  placeholder('buzon/:profileId', 'pages:user.buzon'),
  placeholder('perfiles', 'pages:user.perfiles'),
  placeholder('perfiles/carpetas', 'pages:user.perfilesCarpetas'),
  placeholder('perfiles/etiquetas', 'pages:user.perfilesEtiquetas'),
  placeholder('perfiles/:profileId', 'pages:user.perfilEdit'),
  placeholder('perfiles/view/:profileId', 'pages:user.perfilView'),
  placeholder('tamys', 'pages:user.tamys'),
  placeholder('tamys/carpetas', 'pages:user.tamysCarpetas'),
  placeholder('tamys/etiquetas', 'pages:user.tamysEtiquetas'),
  placeholder('tamys/:profileId', 'pages:user.tamyEdit'),
  placeholder('nube', 'pages:user.nube'),
  placeholder('historial', 'pages:user.historial'),
  placeholder('comunicaciones', 'pages:user.comunicaciones'),
  placeholder('muros', 'pages:user.muros'),
  placeholder('papelera', 'pages:user.papelera'),
  placeholder('notificaciones', 'pages:user.notificaciones'),
  placeholder('opciones', 'pages:user.opciones'),
];

/** The account section: role user, its own shell; paths exactly as the inherited spec lists them. */
const accountChildren: RouteObject[] = [
  placeholder('account', 'pages:account.home'),
  placeholder('user/preferencias', 'pages:account.preferencias'),
  {
    path: 'user/personalinformation',
    lazy: lazyPage(() => import('@/features/account/pages/personal-information-page'), { namespaces: ['account', 'phone', 'pages'] }),
    handle: { titleKey: 'pages:account.personalInformation' },
  },
  placeholder('user/plans', 'pages:account.plans'),
  placeholder('user/myplan', 'pages:account.myplan'),
  placeholder('user/methods', 'pages:account.methods'),
  placeholder('user/paquetes', 'pages:account.paquetes'),
  placeholder('user/pagos', 'pages:account.pagos'),
];

const publicChildren: RouteObject[] = [
  {
    index: true,
    lazy: lazyPage(() => import('@/features/auth/pages/login-page'), { namespaces: ['auth'] }),
    handle: { titleKey: 'pages:public.login', skipUserCall: true, guestOnly: true },
  },
  placeholder('register', 'pages:public.register', { skipUserCall: true }),
  placeholder('register/verify/:code', 'pages:public.verify'),
  placeholder('reset-password/:token/:email', 'pages:public.resetPassword', { skipUserCall: true }),
  placeholder('link/:aliascliente/:profileId', 'pages:public.publicProfile', { skipUserCall: true }),
  placeholder('politica', 'pages:public.politica'),
  { path: 'error-404', lazy: lazyPage(() => import('@/features/errors/pages/not-found-page'), { namespaces: ['errors'] }), handle: { titleKey: 'pages:public.notFound' } },
  { path: 'falta-permisos', lazy: lazyPage(() => import('@/features/errors/pages/forbidden-page'), { namespaces: ['errors'] }), handle: { titleKey: 'pages:public.forbidden' } },
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
        { path: 'admin', handle: { auth: 'admin' } satisfies RouteHandle, lazy: lazyPage(() => import('./layouts/admin-layout'), { namespaces: SHELL_NS }), children: adminChildren },
        { path: 'user/account', loader: to('/account'), Component: Redirecting },
        { path: 'user', handle: { auth: 'user' } satisfies RouteHandle, lazy: lazyPage(() => import('./layouts/user-layout'), { namespaces: SHELL_NS }), children: userChildren },
        { handle: { auth: 'user' } satisfies RouteHandle, lazy: lazyPage(() => import('./layouts/account-layout'), { namespaces: SHELL_NS }), children: accountChildren },
        { path: '*', loader: to(NOT_FOUND_PATH), Component: Redirecting },
      ],
    },
  ];
  return routes;
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}

