import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';
import { useRouteTitleKey } from '../use-route-title';
import { LineIcon } from '@/components/line-icon';

/** Every area built by a later issue: its translated title and a short "arrives soon" note. */
export default function ComingSoonPage() {
  const { t } = useTranslation(['pages', 'common']);
  const titleKey = useRouteTitleKey();
  const title = titleKey ? t(titleKey) : t('common:appName');
  usePageTitle(title);
  return (
    <Stack gap="md" data-testid="coming-soon-page">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            <LineIcon>
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7v5l3 3" />
            </LineIcon>
          </ThemeIcon>
          <Text fw={600}>{t('pages:comingSoon.heading')}</Text>
          <Text c="dimmed">{t('pages:comingSoon.body')}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
