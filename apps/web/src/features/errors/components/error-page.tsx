import { Link } from 'react-router';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';
import { homeFor } from '../home-link';

/** The friendly error page: status code, title, explanation, a way home (and back, when offered). */
export function ErrorPage({
  code,
  textKey,
  testId,
  offerBack = false,
}: {
  code: number;
  textKey: 'forbidden' | 'notFound';
  testId: string;
  offerBack?: boolean;
}) {
  const { t } = useTranslation('errors');
  usePageTitle(t(`${textKey}.title`));
  const home = homeFor();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" ta="center" maw={480} data-testid={testId}>
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
          {code}
        </Text>
        <Title order={1}>{t(`${textKey}.title`)}</Title>
        <Text c="dimmed">{t(`${textKey}.body`)}</Text>
        <Group justify="center">
          {offerBack ? (
            <Button variant="default" onClick={() => window.history.back()}>
              {t('goBack')}
            </Button>
          ) : null}
          <Button component={Link} to={home.to}>
            {t(home.labelKey)}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
