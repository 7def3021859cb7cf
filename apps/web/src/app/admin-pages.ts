import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

/** Translation namespaces loaded with the code of the admin pages. */
const ADMIN_NS = ['admin', 'pages'];
const CATALOGUE_NS = ['admin-catalogue', ...ADMIN_NS];

/** The admin area's pages (the router adds its index, which leads to the dashboard). */
export const adminPages: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: lazyPage(() => import('@/features/admin-dashboard/pages/admin-dashboard-page'), { namespaces: ['admin-dashboard', ...ADMIN_NS] }),
    handle: { titleKey: 'pages:admin.dashboard' },
  },
  {
    path: 'admins',
    lazy: lazyPage(() => import('@/features/admin-admins/pages/admin-admins-page'), { namespaces: ['admin-admins', ...ADMIN_NS] }),
    handle: { titleKey: 'pages:admin.admins' },
  },
  {
    path: 'users',
    lazy: lazyPage(() => import('@/features/admin-users/pages/admin-users-page'), { namespaces: ['admin-users', ...ADMIN_NS] }),
    handle: { titleKey: 'pages:admin.users' },
  },
  {
    path: 'tipo-suscripcions',
    lazy: lazyPage(() => import('@/features/admin-catalogue/pages/admin-periods-page'), { namespaces: CATALOGUE_NS }),
    handle: { titleKey: 'pages:admin.tipoSuscripcions' },
  },
  {
    path: 'impuestos',
    lazy: lazyPage(() => import('@/features/admin-catalogue/pages/admin-taxes-page'), { namespaces: CATALOGUE_NS }),
    handle: { titleKey: 'pages:admin.impuestos' },
  },
  {
    path: 'impuestos-ue',
    lazy: lazyPage(() => import('@/features/admin-catalogue/pages/admin-eu-vat-rates-page'), { namespaces: CATALOGUE_NS }),
    handle: { titleKey: 'pages:admin.impuestosUe' },
  },
  {
    path: 'tipo-cuenta',
    lazy: lazyPage(() => import('@/features/admin-account-types/pages/admin-account-types-page'), {
      namespaces: ['admin-account-types', ...ADMIN_NS],
    }),
    handle: { titleKey: 'pages:admin.tipoCuenta' },
  },
  {
    path: 'suscripcions',
    lazy: lazyPage(() => import('@/features/admin-subscriptions/pages/admin-subscriptions-page'), {
      namespaces: ['admin-subscriptions', 'plan', ...ADMIN_NS],
    }),
    handle: { titleKey: 'pages:admin.suscripcions' },
  },
  {
    path: 'planes',
    lazy: lazyPage(() => import('@/features/admin-catalogue/pages/admin-plans-page'), { namespaces: CATALOGUE_NS }),
    handle: { titleKey: 'pages:admin.planes' },
  },
  {
    path: 'suscripciones-disponibles',
    lazy: lazyPage(() => import('@/features/admin-catalogue/pages/admin-offers-page'), { namespaces: CATALOGUE_NS }),
    handle: { titleKey: 'pages:admin.suscripcionesDisponibles' },
  },
  {
    path: 'paquetes',
    lazy: lazyPage(() => import('@/features/admin-catalogue/pages/admin-add-ons-page'), { namespaces: CATALOGUE_NS }),
    handle: { titleKey: 'pages:admin.paquetes' },
  },
  {
    path: 'historial',
    lazy: lazyPage(() => import('@/features/admin-history/pages/admin-history-page'), { namespaces: ['admin-history', ...ADMIN_NS] }),
    handle: { titleKey: 'pages:admin.historial' },
  },
  {
    path: 'jobs',
    lazy: lazyPage(() => import('@/features/admin-jobs/pages/admin-jobs-page'), { namespaces: ['admin-jobs', ...ADMIN_NS] }),
    handle: { titleKey: 'pages:admin.jobs' },
  },
  {
    path: 'facturas',
    lazy: lazyPage(() => import('@/features/admin-invoices/pages/admin-invoices-page'), { namespaces: ['admin-invoices', ...ADMIN_NS] }),
    handle: { titleKey: 'pages:admin.facturas' },
  },
  {
    path: 'cupones',
    lazy: lazyPage(() => import('@/features/admin-coupons/pages/admin-coupons-page'), { namespaces: ['admin-coupons', ...ADMIN_NS] }),
    handle: { titleKey: 'pages:admin.cupones' },
  },
  {
    path: 'cupones/:couponId',
    lazy: lazyPage(() => import('@/features/admin-coupons/pages/admin-coupon-page'), { namespaces: ['admin-coupons', ...ADMIN_NS] }),
    handle: { titleKey: 'pages:admin.cupones' },
  },
  {
    path: 'servidores-smtp',
    lazy: lazyPage(() => import('@/features/smtp-relays/pages/smtp-relays-page'), { namespaces: ['smtp-relays', ...ADMIN_NS] }),
    handle: { titleKey: 'pages:admin.servidoresSmtp' },
  },
];
