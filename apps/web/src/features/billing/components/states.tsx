import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Loading placeholder of a billing screen. */
export function LoadingRows({ rows = 3, height = 72 }: { rows?: number; height?: number }) {
  const { t } = useTranslation('billing');
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

export function LoadError({ onRetry, testId }: { onRetry: () => void; testId?: string }) {
  const { t } = useTranslation(['billing', 'common']);
  return (
    <Alert color="red" role="alert" title={t('loadError')} data-testid={testId}>
      <Button size="xs" variant="light" onClick={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </Alert>
  );
}

export function EmptyState({
  title,
  hint,
  testId,
  children,
}: {
  title: string;
  hint?: string;
  testId?: string;
  children?: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" ta="center" data-testid={testId}>
      <Stack gap="xs" align="center">
        <Text fw={600}>{title}</Text>
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
