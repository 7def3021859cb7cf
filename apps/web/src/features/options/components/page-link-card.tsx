import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Opciones: a setting that has a page of its own (webhooks, the CRM): its title, what it does, and
 * the button that opens it. `area` names its texts (`<area>.title`, `.intro`, `.open`) and test ids.
 */
export function PageLinkCard({ area, to }: { area: 'webhooks' | 'crm'; to: string }) {
  const { t } = useTranslation('options');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid={`options-${area}`}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t(`${area}.title`)}
          </Title>
          <Text c="dimmed" size="sm">
            {t(`${area}.intro`)}
          </Text>
        </div>
        <Group justify="flex-end">
          <Button component={Link} to={to} variant="light" data-testid={`options-${area}-open`}>
            {t(`${area}.open`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
