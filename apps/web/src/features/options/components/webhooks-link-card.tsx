import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Opciones: where webhooks are set up (their own page, with each endpoint's delivery log). */
export function WebhooksLinkCard() {
  const { t } = useTranslation('options');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="options-webhooks">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('webhooks.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('webhooks.intro')}
          </Text>
        </div>
        <Group justify="flex-end">
          <Button component={Link} to="/user/webhooks" variant="light" data-testid="options-webhooks-open">
            {t('webhooks.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
