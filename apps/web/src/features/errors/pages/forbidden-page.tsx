import { Link } from 'react-router';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';
import { homeFor } from '../home-link';

export default function ForbiddenPage() {
  const { t } = useTranslation('errors');
  usePageTitle(t('forbidden.title'));
  const home = homeFor();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" ta="center" maw={480} data-testid="forbidden-page">
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
          403
        </Text>
        <Title order={1}>{t('forbidden.title')}</Title>
        <Text c="dimmed">{t('forbidden.body')}</Text>
        <Group justify="center">
          <Button variant="default" onClick={() => window.history.back()}>
            {t('goBack')}
          </Button>
          <Button component={Link} to={home.to}>
            {t(home.labelKey)}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
