import type { CurrentUser } from '@enlaza/contracts';

export interface NavItem {
  to: string;
  /** i18n key of the label (the page's title). */
  labelKey: string;
  /** A count shown beside the label (e.g. unread messages), with the i18n key that reads it out. */
  badge?: { count: number; labelKey: string };
}

export interface NavSection {
  /** i18n key of the group heading; none for the top group. */
  headingKey?: string;
  /** One level down: the heading is a button that opens the group (open by itself while it holds the current page). */
  collapsible?: boolean;
  items: NavItem[];
}

export const adminNavigation: NavSection[] = [
  { items: [{ to: '/admin/dashboard', labelKey: 'pages:admin.dashboard' }] },
  {
    headingKey: 'common:navGroups.people',
    items: [
      { to: '/admin/users', labelKey: 'pages:admin.users' },
      { to: '/admin/admins', labelKey: 'pages:admin.admins' },
    ],
  },
  {
    headingKey: 'common:navGroups.catalogue',
    items: [
      { to: '/admin/planes', labelKey: 'pages:admin.planes' },
      { to: '/admin/tipo-suscripcions', labelKey: 'pages:admin.tipoSuscripcions' },
      { to: '/admin/suscripciones-disponibles', labelKey: 'pages:admin.suscripcionesDisponibles' },
      { to: '/admin/paquetes', labelKey: 'pages:admin.paquetes' },
      { to: '/admin/impuestos', labelKey: 'pages:admin.impuestos' },
      { to: '/admin/impuestos-ue', labelKey: 'pages:admin.impuestosUe' },
      { to: '/admin/tipo-cuenta', labelKey: 'pages:admin.tipoCuenta' },
    ],
  },
  {
    headingKey: 'common:navGroups.billing',
    items: [
      { to: '/admin/suscripcions', labelKey: 'pages:admin.suscripcions' },
      { to: '/admin/facturas', labelKey: 'pages:admin.facturas' },
      { to: '/admin/cupones', labelKey: 'pages:admin.cupones' },
      { to: '/admin/historial', labelKey: 'pages:admin.historial' },
      { to: '/admin/jobs', labelKey: 'pages:admin.jobs' },
    ],
  },
  {
    headingKey: 'common:navGroups.settings',
    items: [{ to: '/admin/servidores-smtp', labelKey: 'pages:admin.servidoresSmtp' }],
  },
];

/** The user area; the mailbox and the profile view open the user's main profile. `unread`: messages for the mailbox badge. */
export function userNavigation(user: CurrentUser | null, unread = 0): NavSection[] {
  const profileId = user?.perfil_id ?? null;
  const mainProfile: NavItem[] = profileId
    ? [
        { to: `/user/perfiles/view/${profileId}`, labelKey: 'pages:user.perfilView' },
        {
          to: `/user/buzon/${profileId}`,
          labelKey: 'pages:user.buzon',
          ...(unread > 0 ? { badge: { count: unread, labelKey: 'pages:user.buzonUnread' } } : {}),
        },
      ]
    : [];
  // What a newcomer needs first is on top; the rest is one level down, in groups that open.
  return [
    {
      items: [
        { to: '/user/dashboard', labelKey: 'pages:user.dashboard' },
        ...mainProfile,
        { to: '/user/campanas', labelKey: 'pages:user.campanas' },
      ],
    },
    {
      headingKey: 'common:navGroups.profiles',
      collapsible: true,
      items: [
        { to: '/user/perfiles', labelKey: 'pages:user.perfiles' },
        { to: '/user/perfiles/carpetas', labelKey: 'pages:user.perfilesCarpetas' },
        { to: '/user/perfiles/etiquetas', labelKey: 'pages:user.perfilesEtiquetas' },
        { to: '/user/equipo', labelKey: 'pages:user.equipo' },
      ],
    },
    {
      headingKey: 'common:navGroups.tags',
      collapsible: true,
      items: [
        { to: '/user/tamys', labelKey: 'pages:user.tamys' },
        { to: '/user/tamys/carpetas', labelKey: 'pages:user.tamysCarpetas' },
        { to: '/user/tamys/etiquetas', labelKey: 'pages:user.tamysEtiquetas' },
      ],
    },
    {
      headingKey: 'common:navGroups.communication',
      collapsible: true,
      items: [
        { to: '/user/campanas/audiencia', labelKey: 'pages:user.audiencia' },
        { to: '/user/plantillas', labelKey: 'pages:user.plantillas' },
        { to: '/user/muros', labelKey: 'pages:user.muros' },
        { to: '/user/comunicaciones', labelKey: 'pages:user.comunicaciones' },
      ],
    },
    {
      headingKey: 'common:navGroups.files',
      collapsible: true,
      items: [
        { to: '/user/nube', labelKey: 'pages:user.nube' },
        { to: '/user/papelera', labelKey: 'pages:user.papelera' },
        { to: '/user/notificaciones', labelKey: 'pages:user.notificaciones' },
        { to: '/user/historial', labelKey: 'pages:user.historial' },
      ],
    },
    {
      headingKey: 'common:navGroups.settings',
      collapsible: true,
      items: [
        { to: '/user/opciones', labelKey: 'pages:user.opciones' },
        { to: '/account', labelKey: 'pages:account.home' },
      ],
    },
  ];
}

export const accountNavigation: NavSection[] = [
  {
    items: [
      { to: '/account', labelKey: 'pages:account.home' },
      { to: '/user/personalinformation', labelKey: 'pages:account.personalInformation' },
      { to: '/user/preferencias', labelKey: 'pages:account.preferencias' },
    ],
  },
  {
    headingKey: 'common:navGroups.billing',
    items: [
      { to: '/user/myplan', labelKey: 'pages:account.myplan' },
      { to: '/user/plans', labelKey: 'pages:account.plans' },
      { to: '/user/paquetes', labelKey: 'pages:account.paquetes' },
      { to: '/user/methods', labelKey: 'pages:account.methods' },
      { to: '/user/pagos', labelKey: 'pages:account.pagos' },
    ],
  },
  {
    items: [{ to: '/user/dashboard', labelKey: 'common:backToUserArea' }],
  },
];
