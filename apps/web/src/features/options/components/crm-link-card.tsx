import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Opciones: where HubSpot and Salesforce are connected (their own page, with each connection's sync log). */
export function CrmLinkCard() {
  const { t } = useTranslation('options');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="options-crm">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('crm.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('crm.intro')}
          </Text>
        </div>
        <Group justify="flex-end">
          <Button component={Link} to="/user/crm" variant="light" data-testid="options-crm-open">
            {t('crm.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
