import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';

/**
 * What a list or a record shows when it could not be loaded: why (in the API's words, or the one
 * sentence for a request that got no answer) and a button that asks again. Announced to screen readers.
 */
export function LoadError({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation('admin');
  return (
    <Alert color="red" role="alert" title={t('list.errorTitle')} data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{apiErrorMessage(error, t)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('list.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A list while it loads: `rows` placeholders of its rows' height, announced as busy. */
export function LoadingRows({ rows, height, radius = 'md', testId }: { rows: number; height: number; radius?: string; testId?: string }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t('list.loading')} data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius={radius} />
      ))}
    </Stack>
  );
}
