import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export type QuotaKind = 'cards' | 'tags' | 'storage';

/** Whether a quota is used up (a limit of 0 allows nothing). */
export const quotaReached = (used: number, limit: number) => used >= limit;

/**
 * Shown before a form when the plan's quota is used up (PRODUCT.md section 6): says which limit,
 * and links to the plans page. `limit` is already formatted (e.g. "50 MB").
 */
export function QuotaPrompt({ kind, limit }: { kind: QuotaKind; limit: string }) {
  const { t } = useTranslation('admin');
  return (
    <Alert color="orange" role="status" title={t(`quotaPrompt.${kind}Title`)} data-testid={`quota-prompt-${kind}`}>
      <Stack gap={6} align="flex-start">
        <Text size="sm">{t(`quotaPrompt.${kind}Body`, { limit })}</Text>
        <Anchor component={Link} to="/user/plans" fw={600} size="sm" data-testid="quota-prompt-plans">
          {t('quotaPrompt.seePlans')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
