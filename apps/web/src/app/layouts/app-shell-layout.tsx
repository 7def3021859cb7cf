import { useEffect, useRef } from 'react';
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
import type { NavSection } from './navigation';

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
  const location = useLocation();
  // Customers get notifications: the bell, kept live by one stream per signed-in tab.
  const notified = user?.roll === 'user';
  useNotificationStream(notified ? user.id : null);
  const mainRef = useRef<HTMLElement>(null);
  const navViewportRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // The current page's item stays in view in a menu that scrolls (a short window, a deep link, the
  // back button): the navigation alone scrolls, by the least that shows the item whole.
  useEffect(() => {
    const viewport = navViewportRef.current;
    const active = viewport?.querySelector<HTMLElement>('[aria-current="page"]');
    if (viewport && active) scrollIntoNearestView(viewport, active);
  }, [location.pathname]);

  // After a navigation, move focus to the new page so screen readers start there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname]);

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
          <div className="app-header">
            <Group gap="xs" wrap="nowrap" className="app-header-brand">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? t('common:closeMenu') : t('common:openMenu')}
                aria-expanded={opened}
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
              <div
                key={section.headingKey ?? `section-${index}`}
                role="group"
                aria-label={section.headingKey ? t(section.headingKey) : undefined}
              >
                {section.headingKey ? (
                  <Text size="xs" fw={600} c="dimmed" px="sm" pt={6} className="app-nav-heading" aria-hidden>
                    {t(section.headingKey)}
                  </Text>
                ) : null}
                {section.items.map((item) => {
                  const active = location.pathname === item.to;
                  const soon = comingSoon.has(item.to);
                  return (
                    <NavLink
                      key={item.to}
                      component={Link}
                      to={item.to}
                      label={
                        item.badge ? (
                          <>
                            {t(item.labelKey)}
                            <VisuallyHidden> ({t(item.badge.labelKey, { count: item.badge.count })})</VisuallyHidden>
                          </>
                        ) : soon ? (
                          <>
                            {t(item.labelKey)}
                            <VisuallyHidden> ({t('common:navSoonLong')})</VisuallyHidden>
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
                      onClick={close}
                      classNames={{ root: 'app-nav-link', body: 'app-nav-link-body' }}
                    />
                  );
                })}
              </div>
            ))}
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main id="main-content" tabIndex={-1} ref={mainRef}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
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
