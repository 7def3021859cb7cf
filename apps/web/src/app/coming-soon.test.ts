import { describe, expect, it } from 'vitest';
import { accountNavigation, adminNavigation, userNavigation } from './layouts/navigation';
import { COMING_SOON_PATHS, comingSoonPaths, createRoutes } from './router';

describe('menu entries still to come', () => {
  it('are exactly the routes still on the generic placeholder page', () => {
    const paths = comingSoonPaths(createRoutes());
    // Every menu entry has its screen now.
    expect([...paths]).toEqual([]);
    // Built screens carry no badge.
    for (const built of [
      '/admin/suscripcions',
      '/admin/dashboard',
      '/admin/facturas',
      '/user/plans',
      '/user/campanas',
      '/user/muros',
      '/user/plantillas',
      '/user/comunicaciones',
      '/admin/planes',
      '/admin/impuestos',
      '/admin/tipo-suscripcions',
      '/admin/suscripciones-disponibles',
      '/admin/paquetes',
      '/admin/tipo-cuenta',
      '/user/nube',
      '/account',
    ])
      expect(paths).not.toContain(built);
    expect([...COMING_SOON_PATHS].sort()).toEqual([...paths].sort());
  });

  it('every one of them is an entry of some menu, so the badge is shown where the user looks', () => {
    const menuPaths = new Set(
      [...adminNavigation, ...userNavigation(null), ...accountNavigation].flatMap((section) => section.items.map((item) => item.to)),
    );
    for (const path of COMING_SOON_PATHS) expect(menuPaths).toContain(path);
  });
});
