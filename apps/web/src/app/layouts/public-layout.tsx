import { Outlet } from 'react-router';
import { Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/brand';
import { ColorSchemeToggle } from '@/components/color-scheme-toggle';
import { LanguageSwitcher } from '@/components/language-switcher';

/**
 * Visitors' shell: brand, language and colour scheme; the page fills the rest. Plain elements
 * rather than AppShell (no navbar here), which keeps the login page light.
 */
export default function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <>
      <a href="#main-content" className="skip-link">
        {t('skipToContent')}
      </a>
      <header className="public-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand />
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </header>
      <main id="main-content" tabIndex={-1} className="public-main">
        <Container size="md" px={0}>
          <Outlet />
        </Container>
      </main>
    </>
  );
}
