import { Alert, Button, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useLocale } from '@/components/use-locale';
import { apiErrorMessage } from '@/lib/api-error-message';
import { formatDateTime } from '@/lib/format';

/**
 * The foot of a domain's card (sending domains, custom domains): "Check DNS now" with its state and
 * the time of the last check, the check's error, and Delete. `t` is the screen's own namespace, with
 * `check.button`, `check.buttonAria`, `check.running`, `check.last`, `check.never`, `delete.button`
 * and `delete.buttonAria`; `name` goes into the buttons' accessible names under `nameKey`.
 */
export function DomainActions({
  t,
  check,
  checkedAt,
  onCheck,
  onDelete,
  name,
  nameKey,
  testId,
}: {
  t: TFunction;
  check: { isPending: boolean; isError: boolean; error: unknown };
  checkedAt: string | null;
  onCheck: () => void;
  onDelete: () => void;
  name: string;
  nameKey: string;
  testId: string;
}) {
  const locale = useLocale();
  return (
    <>
      {check.isError ? (
        <Alert color="red" role="alert" data-testid={`${testId}-check-error`}>
          {apiErrorMessage(check.error, t)}
        </Alert>
      ) : null}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Button
            size="xs"
            loading={check.isPending}
            onClick={onCheck}
            aria-label={t('check.buttonAria', { [nameKey]: name })}
            data-testid={`${testId}-check`}
          >
            {t('check.button')}
          </Button>
          <Text size="xs" c="dimmed" aria-live="polite" data-testid={`${testId}-checked-at`}>
            {check.isPending
              ? t('check.running')
              : checkedAt
                ? t('check.last', { when: formatDateTime(checkedAt, locale) })
                : t('check.never')}
          </Text>
        </Group>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={onDelete}
          aria-label={t('delete.buttonAria', { [nameKey]: name })}
          data-testid={`${testId}-delete`}
        >
          {t('delete.button')}
        </Button>
      </Group>
    </>
  );
}
