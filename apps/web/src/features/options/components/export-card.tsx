import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useExportData } from '../api/export-data';

/** Download every piece of my data as one JSON file. */
export function ExportCard() {
  const { t } = useTranslation('options');
  const mutation = useExportData();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="options-export">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('export.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('export.intro')}
          </Text>
        </div>
        {mutation.isSuccess ? (
          <Alert color="teal" role="status" data-testid="options-export-done">
            {t('export.done', { file: mutation.data })}
          </Alert>
        ) : null}
        {mutation.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(mutation.error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="light" loading={mutation.isPending} onClick={() => mutation.mutate()} data-testid="options-export-button">
            {t('export.button')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
