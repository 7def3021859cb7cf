import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatNumber } from '@/lib/format';
import { useVerifyChain } from '../api/invoices';

/** Facturas: verifies the invoice record chain on demand and shows the answer (the first broken record, if any). */
export function ChainCheck() {
  const { t } = useTranslation('admin-invoices');
  const locale = useLocale();
  const verify = useVerifyChain();
  const result = verify.data?.data;

  return (
    <Stack gap="xs" data-testid="invoices-chain">
      <Group gap="sm" wrap="wrap" align="center">
        <Button
          variant="default"
          onClick={() => verify.mutate()}
          loading={verify.isPending}
          aria-describedby="invoices-chain-help"
          data-testid="invoices-verify-chain"
        >
          {t('chain.button')}
        </Button>
        <Text id="invoices-chain-help" size="sm" c="dimmed">
          {t('chain.help')}
        </Text>
      </Group>
      {verify.isError ? (
        <Alert color="red" role="alert" data-testid="invoices-chain-result">
          {apiErrorMessage(verify.error, t)}
        </Alert>
      ) : null}
      {result ? (
        result.ok ? (
          <Alert color="teal" role="status" data-testid="invoices-chain-result">
            {result.checked === 0
              ? t('chain.okEmpty')
              : t('chain.ok', { count: result.checked, formatted: formatNumber(result.checked, locale) })}
            {result.signaturesChecked > 0
              ? ` ${t('chain.signatures', { count: result.signaturesChecked, formatted: formatNumber(result.signaturesChecked, locale) })}`
              : null}
          </Alert>
        ) : (
          <Alert color="red" role="alert" data-testid="invoices-chain-result">
            {t('chain.broken', {
              number: result.firstBroken?.number ?? '—',
              date: result.firstBroken?.issuedAt ? formatDate(result.firstBroken.issuedAt, locale) : '—',
              count: result.checked,
              formatted: formatNumber(result.checked, locale),
              reason: t(`chain.reason.${result.firstBroken?.reason ?? 'head'}`),
            })}
          </Alert>
        )
      ) : null}
    </Stack>
  );
}
