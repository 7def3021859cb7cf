import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export type QuotaKind = 'cards' | 'tags' | 'storage';

/** Whether a quota is used up (a limit of 0 allows nothing). */
export const quotaReached = (used: number, limit: number) => used >= limit;

/**
 * Shown before a form when the plan's quota is used up (PRODUCT.md section 6): says which limit,
 * and links to the plans page. `limit` is already formatted (e.g. "50 MB"); `count` is the number of
 * cards or tags it allows, which picks the plural form ("1 card", "3 cards").
 */
export function QuotaPrompt({ kind, limit, count }: { kind: QuotaKind; limit: string; count?: number }) {
  const { t } = useTranslation('admin');
  return (
    <Alert color="orange" role="status" title={t(`quotaPrompt.${kind}Title`)} data-testid={`quota-prompt-${kind}`}>
      <Stack gap={6} align="flex-start">
        <Text size="sm">{t(`quotaPrompt.${kind}Body`, count === undefined ? { limit } : { count, formatted: limit })}</Text>
        <Anchor component={Link} to="/user/plans" fw={600} size="sm" data-testid="quota-prompt-plans">
          {t('quotaPrompt.seePlans')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
