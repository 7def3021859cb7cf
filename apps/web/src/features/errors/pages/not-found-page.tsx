import { Link } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';
import { homeFor } from '../home-link';

export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  usePageTitle(t('notFound.title'));
  const home = homeFor();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" ta="center" maw={480} data-testid="not-found-page">
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Button component={Link} to={home.to}>
          {t(home.labelKey)}
        </Button>
      </Stack>
    </Center>
  );
}
