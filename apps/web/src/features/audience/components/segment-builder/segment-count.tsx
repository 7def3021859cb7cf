import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SegmentRuleInput } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';
import { formatNumber } from '@/lib/format';
import { useRuleCount } from '../../api/count-rule';

/** How long the rule must stay the same before it is counted (typing a value asks once). */
export const COUNT_DEBOUNCE_MS = 400;

/**
 * The live count of a rule: asked a moment after the last change and only for a complete rule
 * (null: incomplete). `fieldErrors` are the server's 422 on the rule counted (shown on the conditions).
 */
export function useLiveCount(rule: SegmentRuleInput | null) {
  // The rule as text, so an equal rule built again is not a change.
  const text = rule ? JSON.stringify(rule) : null;
  const [debounced] = useDebouncedValue(text, COUNT_DEBOUNCE_MS);
  const count = useRuleCount(debounced === null ? null : (JSON.parse(debounced) as SegmentRuleInput));
  const fieldErrors = count.error instanceof ApiError ? count.error.fieldErrors : undefined;
  return { count, complete: rule !== null, busy: rule !== null && (debounced !== text || count.isFetching), fieldErrors };
}

/** The live count: the number big, with its plural, announced politely; a loader while it is asked. */
export function SegmentCount({ live }: { live: ReturnType<typeof useLiveCount> }) {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const { count, complete, busy, fieldErrors } = live;

  return (
    <Paper withBorder radius="md" p="md" className="segment-count" data-testid="segment-count" aria-busy={busy}>
      <Stack gap={4} aria-live="polite">
        <Text size="sm" fw={600} c="dimmed">
          {t('builder.countTitle')}
        </Text>
        {!complete ? (
          <Text size="sm" data-testid="segment-count-incomplete">
            {t('builder.countIncomplete')}
          </Text>
        ) : fieldErrors && !busy ? (
          <Text size="sm" c="red" data-testid="segment-count-invalid">
            {t('builder.countInvalid')}
          </Text>
        ) : count.isError && !busy ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            {apiErrorMessage(count.error, t)}
          </Alert>
        ) : count.data === undefined ? (
          <Group gap="xs" data-testid="segment-count-loading">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{t('builder.counting')}</Text>
          </Group>
        ) : (
          <>
            <Group gap="sm" align="center" wrap="nowrap">
              <Text
                fz={40}
                fw={700}
                lh={1.1}
                style={{ opacity: busy ? 0.55 : 1, transition: 'opacity 150ms' }}
                data-testid="segment-count-value"
                data-count={count.data}
              >
                {formatNumber(count.data, locale)}
              </Text>
              {busy ? <Loader size="xs" aria-label={t('builder.counting')} data-testid="segment-count-refreshing" /> : null}
            </Group>
            <Text size="sm" data-testid="segment-count-text">
              {t('builder.countPeople', { count: count.data })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
