import { describe, expect, it } from 'vitest';
import { decideNavigation, handlesFor } from './route-guard';
import { createRoutes } from './router';
import type { RouteHandle } from './route-handle';

const routes = createRoutes();
const decide = (pathname: string, token: string | null, role: 'admin' | 'user' | null) =>
  decideNavigation({ handles: handlesFor(routes, pathname), token, role });

describe('decideNavigation (spec §4, PRODUCT.md §3)', () => {
  it('sends a visitor to login from any route needing sign-in', () => {
    for (const path of [
      '/admin/dashboard',
      '/admin/facturas',
      '/user/dashboard',
      '/user/buzon/abc',
      '/account',
      '/user/personalinformation',
      '/user/pagos',
    ]) {
      expect(decide(path, null, null)).toEqual({ action: 'redirect', to: '/' });
    }
  });

  it('sends a wrong role to /falta-permisos, never to the other area', () => {
    expect(decide('/admin/users', 'tok', 'user')).toEqual({ action: 'redirect', to: '/falta-permisos' });
    expect(decide('/user/dashboard', 'tok', 'admin')).toEqual({ action: 'redirect', to: '/falta-permisos' });
    expect(decide('/account', 'tok', 'admin')).toEqual({ action: 'redirect', to: '/falta-permisos' });
    expect(decide('/user/myplan', 'tok', 'admin')).toEqual({ action: 'redirect', to: '/falta-permisos' });
  });

  it('lets the right role through and makes the user call', () => {
    expect(decide('/admin/dashboard', 'tok', 'admin')).toEqual({ action: 'allow', callUser: true });
    expect(decide('/user/perfiles/view/p1', 'tok', 'user')).toEqual({ action: 'allow', callUser: true });
    expect(decide('/user/preferencias', 'tok', 'user')).toEqual({ action: 'allow', callUser: true });
  });

  it('lets a token without a stored role reach the user call, which settles the role', () => {
    expect(decide('/admin/dashboard', 'tok', null)).toEqual({ action: 'allow', callUser: true });
  });

  it('skips the user call on login, registration, password reset and the public profile', () => {
    expect(decide('/register', 'tok', 'user')).toEqual({ action: 'allow', callUser: false });
    expect(decide('/reset-password/t0k/a%40b.c', 'tok', 'user')).toEqual({ action: 'allow', callUser: false });
    expect(decide('/link/demo/p1', 'tok', 'user')).toEqual({ action: 'allow', callUser: false });
  });

  it('makes the user call on other public pages only when a token is held', () => {
    for (const path of ['/politica', '/register/verify/abc', '/error-404', '/falta-permisos']) {
      expect(decide(path, 'tok', 'user')).toEqual({ action: 'allow', callUser: true });
      expect(decide(path, null, null)).toEqual({ action: 'allow', callUser: false });
    }
  });

  it('opens a team invitation signed out too (to sign in or register from it), with the user call when signed in', () => {
    expect(decide('/user/equipo/unirse/t0k3n', null, null)).toEqual({ action: 'allow', callUser: false });
    expect(decide('/user/equipo/unirse/t0k3n', 'tok', 'user')).toEqual({ action: 'allow', callUser: true });
    expect(decide('/user/equipo', null, null)).toEqual({ action: 'redirect', to: '/' });
  });

  it('sends a signed-in user opening the login page to their dashboard', () => {
    expect(decide('/', 'tok', 'admin')).toEqual({ action: 'redirect', to: '/admin/dashboard' });
    expect(decide('/', 'tok', 'user')).toEqual({ action: 'redirect', to: '/user/dashboard' });
    expect(decide('/', null, null)).toEqual({ action: 'allow', callUser: false });
  });

  it('uses the innermost role requirement', () => {
    const handles: RouteHandle[] = [{ auth: 'user' }, { auth: 'admin' }];
    expect(decideNavigation({ handles, token: 't', role: 'user' })).toEqual({ action: 'redirect', to: '/falta-permisos' });
  });
});

describe('route table', () => {
  const paths = (prefix: string) =>
    routes[0]?.children
      ?.filter((r) => r.path === prefix)
      .flatMap((r) => r.children ?? [])
      .filter((r) => !r.index)
      .map((r) => r.path);

  it('has the 12 admin children and the 20 user children of the spec (plus the campaign audience, segment, automation and sending domain screens, the EU VAT rates, coupons, the failed jobs, the SMTP servers, webhooks, the CRM, and the team with its single sign-on and SCIM)', () => {
    expect(paths('admin')).toEqual([
      'dashboard',
      'admins',
      'users',
      'tipo-suscripcions',
      'impuestos',
      'impuestos-ue',
      'tipo-cuenta',
      'suscripcions',
      'planes',
      'suscripciones-disponibles',
      'paquetes',
      'historial',
      'jobs',
      'facturas',
      'cupones',
      'cupones/:couponId',
      'servidores-smtp',
    ]);
    expect(paths('user')).toEqual([
      'dashboard',
      'plantillas',
      'campanas',
      'campanas/audiencia',
      'campanas/audiencia/:listId',
      'campanas/audiencia/segmentos/:segmentId',
      'campanas/automatizaciones',
      'campanas/automatizaciones/:automationId',
      'campanas/dominios',
      'buzon/:profileId',
      'perfiles',
      'perfiles/carpetas',
      'perfiles/etiquetas',
      'perfiles/:profileId',
      'perfiles/view/:profileId',
      'tamys',
      'tamys/carpetas',
      'tamys/etiquetas',
      'tamys/:profileId',
      'tamys/view/:profileId',
      'nube',
      'historial',
      'comunicaciones',
      'muros',
      'papelera',
      'notificaciones',
      'opciones',
      'webhooks',
      'crm',
      'crm/callback',
      'dominios',
      'equipo',
      'equipo/sso',
      'equipo/scim',
    ]);
  });

  it('matches the account section, public routes and unknown paths', () => {
    const deepest = (path: string) => {
      const handles = handlesFor(routes, path);
      return handles[handles.length - 1];
    };
    expect(deepest('/user/personalinformation')).toMatchObject({ titleKey: 'pages:account.personalInformation' });
    expect(deepest('/user/plans')).toMatchObject({ titleKey: 'pages:account.plans' });
    expect(deepest('/user/perfiles/carpetas')).toMatchObject({ titleKey: 'pages:user.perfilesCarpetas' });
    expect(deepest('/user/perfiles/abc')).toMatchObject({ titleKey: 'pages:user.perfilEdit' });
    expect(deepest('/politica')).toMatchObject({ titleKey: 'pages:public.politica' });
    expect(handlesFor(routes, '/no/such/page')).toEqual([]);
  });
});
