import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/brand';
import { ColorSchemeToggle } from '@/components/color-scheme-toggle';
import { LanguageSwitcher } from '@/components/language-switcher';
import { useLogout } from '@/features/auth/api/logout';
import { useNotificationStream } from '@/features/notifications/api/stream';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import type { NavItem, NavSection } from './navigation';
import { FreshProofDialog } from '@/components/fresh-proof-dialog';

interface AppShellLayoutProps {
  /** i18n key naming the area (shown above the navigation). */
  areaKey: string;
  navigation: NavSection[];
  homePath: string;
  /** Menu entries whose screen is still the generic "arrives soon" page, badged so (from the route table). */
  comingSoon: ReadonlySet<string>;
}

/** What the router hands every signed-in area's layout: it loads the layouts, so they never import it. */
export type ShellLayoutProps = Pick<AppShellLayoutProps, 'comingSoon'>;

/** The signed-in shell shared by the admin area, the user area and the account section. */
export function AppShellLayout({ areaKey, navigation, homePath, comingSoon }: AppShellLayoutProps) {
  const { t } = useTranslation(['common', 'pages']);
  const [opened, { toggle, close }] = useDisclosure(false);
  const { user } = useSession();
  // Customers get notifications: the bell, kept live by one stream per signed-in tab.
  const notified = user?.roll === 'user';
  useNotificationStream(notified ? user.id : null);
  const mainRef = useFocusOnNavigation<HTMLElement>();
  const navViewportRef = useActiveItemInView();

  return (
    <QueryClientProvider client={queryClient}>
      <a href="#main-content" className="skip-link">
        {t('common:skipToContent')}
      </a>
      <AppShell
        header={{ height: { base: 100, sm: 60 } }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding={{ base: 'sm', sm: 'lg' }}
      >
        <AppShell.Header>
          <ShellHeader homePath={homePath} menuOpened={opened} onToggleMenu={toggle} notified={notified} />
        </AppShell.Header>

        <AppShell.Navbar id="app-navigation" aria-label={t('common:mainNavigation')}>
          <AppShell.Section px="md" pt="sm" pb={4}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {t(areaKey)}
            </Text>
          </AppShell.Section>
          {/* Long menus scroll inside the navbar with a scrollbar always shown, so nothing hides below the fold. */}
          <AppShell.Section
            grow
            component={ScrollArea}
            type="auto"
            scrollbarSize={8}
            offsetScrollbars
            viewportRef={navViewportRef}
            px="xs"
            pb="xs"
            data-testid="app-navigation-scroll"
          >
            {navigation.map((section, index) => (
              <NavigationSection
                key={section.headingKey ?? `section-${index}`}
                section={section}
                comingSoon={comingSoon}
                onNavigate={close}
              />
            ))}
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main id="main-content" tabIndex={-1} ref={mainRef}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
      {/* Asks for a fresh proof when a sensitive change needs one, then the change goes again (lib/fresh-proof.ts). */}
      <FreshProofDialog />
    </QueryClientProvider>
  );
}

/** After a navigation, focus moves to the new page so screen readers start there (not on the first render). */
function useFocusOnNavigation<T extends HTMLElement>() {
  const { pathname } = useLocation();
  const target = useRef<T>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    target.current?.focus({ preventScroll: true });
  }, [pathname]);
  return target;
}

/**
 * The current page's item stays in view in a menu that scrolls (a short window, a deep link, the
 * back button): the navigation alone scrolls, by the least that shows the item whole.
 */
function useActiveItemInView() {
  const { pathname } = useLocation();
  const viewportRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewport = viewportRef.current;
    const active = viewport?.querySelector<HTMLElement>('[aria-current="page"]');
    if (viewport && active) scrollIntoNearestView(viewport, active);
  }, [pathname]);
  return viewportRef;
}

/** The header: the menu button (small screens), the brand, who is signed in, language, bell, theme and log out. */
function ShellHeader({
  homePath,
  menuOpened,
  onToggleMenu,
  notified,
}: {
  homePath: string;
  menuOpened: boolean;
  onToggleMenu: () => void;
  notified: boolean;
}) {
  const { t } = useTranslation('common');
  const { user } = useSession();
  return (
    <div className="app-header">
      <Group gap="xs" wrap="nowrap" className="app-header-brand">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={menuOpened ? t('closeMenu') : t('openMenu')}
          aria-expanded={menuOpened}
          aria-controls="app-navigation"
        />
        <Brand to={homePath} />
      </Group>
      <div className="app-header-secondary">
        <Text className="header-user-name" fw={500} data-testid="user-name" title={user?.name}>
          {user?.name ?? ''}
        </Text>
        <LanguageSwitcher />
      </div>
      <Group gap="xs" wrap="nowrap" className="app-header-actions">
        {notified ? <NotificationBell /> : null}
        <ColorSchemeToggle />
        <LogoutButton />
      </Group>
    </div>
  );
}

/** What a group of the menu is drawn from. */
interface SectionProps {
  section: NavSection;
  comingSoon: ReadonlySet<string>;
  onNavigate: () => void;
}

/** One group of the menu under its heading. */
function NavigationSection({ section, comingSoon, onNavigate }: SectionProps) {
  const { t } = useTranslation(['common', 'pages']);
  if (section.collapsible && section.headingKey)
    return <CollapsibleSection section={section} comingSoon={comingSoon} onNavigate={onNavigate} />;
  return (
    <div role="group" aria-label={section.headingKey ? t(section.headingKey) : undefined}>
      {section.headingKey ? (
        <Text size="xs" fw={600} c="dimmed" px="sm" pt={6} className="app-nav-heading" aria-hidden>
          {t(section.headingKey)}
        </Text>
      ) : null}
      {section.items.map((item) => (
        <NavigationItem key={item.to} item={item} soon={comingSoon.has(item.to)} onNavigate={onNavigate} />
      ))}
    </div>
  );
}

/**
 * A group one level down: its heading is a button (aria-expanded) that shows or hides its entries,
 * in the same place of the reading and tab order; it opens by itself while it holds the current page.
 */
function CollapsibleSection({ section, comingSoon, onNavigate }: SectionProps) {
  const { t } = useTranslation(['common', 'pages']);
  const { pathname } = useLocation();
  const holdsCurrent = section.items.some((item) => item.to === pathname);
  const [opened, setOpened] = useState(holdsCurrent);
  // Navigating into the group (a link elsewhere, the back button) opens it: set while rendering, as React advises for state that follows a prop.
  const [heldCurrent, setHeldCurrent] = useState(holdsCurrent);
  if (holdsCurrent !== heldCurrent) {
    setHeldCurrent(holdsCurrent);
    if (holdsCurrent) setOpened(true);
  }
  return (
    <NavLink
      component="button"
      type="button"
      label={t(section.headingKey ?? '')}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset="sm"
      classNames={{ root: 'app-nav-link app-nav-group', body: 'app-nav-link-body' }}
      data-testid="nav-group"
    >
      {section.items.map((item) => (
        <NavigationItem key={item.to} item={item} soon={comingSoon.has(item.to)} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

/** One menu entry: the current page marked, an unread count or a "soon" badge, said in words to screen readers. */
function NavigationItem({ item, soon, onNavigate }: { item: NavItem; soon: boolean; onNavigate: () => void }) {
  const { t } = useTranslation(['common', 'pages']);
  const active = useLocation().pathname === item.to;
  const said = item.badge ? t(item.badge.labelKey, { count: item.badge.count }) : soon ? t('common:navSoonLong') : null;
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={
        said ? (
          <>
            {t(item.labelKey)}
            <VisuallyHidden> ({said})</VisuallyHidden>
          </>
        ) : (
          t(item.labelKey)
        )
      }
      rightSection={
        item.badge ? (
          <Badge size="sm" variant="filled" aria-hidden="true" data-testid="nav-unread-badge">
            {item.badge.count > 99 ? '99+' : item.badge.count}
          </Badge>
        ) : soon ? (
          <Badge size="sm" variant="light" color="gray" aria-hidden="true" data-testid="nav-soon-badge">
            {t('common:navSoon')}
          </Badge>
        ) : undefined
      }
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      classNames={{ root: 'app-nav-link', body: 'app-nav-link-body' }}
    />
  );
}

/** Scrolls `viewport` by the least that shows `item` whole (`scrollIntoView({ block: 'nearest' })` on this one container only: the page never moves). */
function scrollIntoNearestView(viewport: HTMLElement, item: HTMLElement) {
  const box = viewport.getBoundingClientRect();
  const target = item.getBoundingClientRect();
  if (target.top < box.top) viewport.scrollTop -= box.top - target.top;
  else if (target.bottom > box.bottom) viewport.scrollTop += Math.min(target.bottom - box.bottom, target.top - box.top);
}

export function LogoutButton() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Button
      variant="default"
      size="xs"
      h={34}
      loading={logout.isPending}
      data-testid="logout-button"
      onClick={() =>
        logout.mutate(undefined, {
          onSettled: () => {
            void navigate('/', { replace: true });
          },
        })
      }
    >
      {t('logout')}
    </Button>
  );
}
