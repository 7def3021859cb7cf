import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { PageHeader } from '@/components/page-header';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { usePreferences } from '@/lib/api/preferences';
import { downloadFile } from '@/lib/download-file';
import { formatDateTime, formatMoney } from '@/lib/format';
import { usePayments } from '../api/billing';
import { PaymentOutside } from '../components/payment-outside';
import { STATUS_COLORS } from '../components/payment-status';
import { EmptyState, LoadError, LoadingRows } from '../components/states';

/** /user/pagos: my payments (date, what, amount, card, status) with the invoice PDF of each successful one. */
export default function PagosPage() {
  const { t } = useTranslation(['billing', 'admin']);
  usePageTitle(t('payments.title'));
  const locale = useLocale();
  const timeZone = usePreferences().data?.timeZone;
  const payments = usePayments();
  const narrow = useMediaQuery('(max-width: 40em)');
  const [downloadError, setDownloadError] = useState<string | null>(null);

  // The API authenticates with a bearer token, which a plain link would not send: fetch and save.
  const download = async (id: string, number: string) => {
    setDownloadError(null);
    try {
      await downloadFile(`/api/invoices/${encodeURIComponent(id)}/pdf`, `${number}.pdf`);
    } catch (error) {
      setDownloadError(apiErrorMessage(error, t));
    }
  };

  // A payment waiting for the customer links to its page, where they authenticate it.
  const status = (p: Payment) => (
    <Stack gap={2} align="flex-start">
      <Badge color={STATUS_COLORS[p.status]} variant="light" data-testid="payment-status">
        {t(`payments.statuses.${p.status}`)}
      </Badge>
      {p.status === 'requires_action' ? (
        <Anchor component={Link} to={`/user/pagos/${encodeURIComponent(p.id)}`} size="sm" data-testid="payment-authenticate">
          {/* A renewal no card was charged for (no method): the customer pays it there. */}
          {t(p.methodBrand === null ? 'payments.payNow' : 'payments.authenticate')}
        </Anchor>
      ) : null}
      <PaymentOutside payment={p} />
    </Stack>
  );
  const card = (p: Payment) =>
    p.methodBrand === 'bizum'
      ? t('bizum.choice')
      : !p.methodLast4
        ? '—'
        : p.methodBrand === 'sepa_debit'
          ? t('methods.sepaSummary', { last4: p.methodLast4 })
          : `${t(`brands.${p.methodBrand ?? 'unknown'}`, { defaultValue: p.methodBrand ?? '' })} •••• ${p.methodLast4}`;
  // The invoice and, under it, each credit note that refunded part or all of it.
  const invoice = (p: Payment) =>
    p.invoiceId ? (
      <Stack gap={2} align="flex-start">
        <Button
          size="compact-sm"
          variant="subtle"
          px={0}
          onClick={() => void download(p.invoiceId ?? '', p.invoiceNumber ?? 'invoice')}
          data-testid="payment-invoice"
          aria-label={t('payments.invoiceOf', { number: p.invoiceNumber ?? '' })}
        >
          {t('payments.invoicePdf')}
        </Button>
        {p.creditNotes.map((note) => (
          <Button
            key={note.id}
            size="compact-sm"
            variant="subtle"
            px={0}
            onClick={() => void download(note.id, note.number)}
            data-testid="payment-credit-note"
            aria-label={t('payments.creditNoteOf', { number: note.number, amount: formatMoney(note.totalCents, locale) })}
          >
            {t('payments.creditNotePdf', { amount: formatMoney(note.totalCents, locale) })}
          </Button>
        ))}
      </Stack>
    ) : (
      <Text size="sm" c="dimmed">
        {p.failureMessage ?? '—'}
      </Text>
    );

  return (
    <Stack gap="lg" w="100%" maw={1040} data-testid="pagos-page">
      <PageHeader title={t('payments.title')} intro={t('payments.intro')} />
      {downloadError ? (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('admin:close')}
          onClose={() => setDownloadError(null)}
          data-testid="pagos-download-error"
        >
          {downloadError}
        </Alert>
      ) : null}
      {payments.isPending ? (
        <LoadingRows rows={4} height={44} />
      ) : payments.isError ? (
        <LoadError onRetry={() => void payments.refetch()} testId="pagos-error" />
      ) : payments.data.length === 0 ? (
        <EmptyState title={t('payments.empty')} hint={t('payments.emptyHint')} testId="pagos-empty">
          <Button component={Link} to="/user/plans" variant="light" size="xs">
            {t('payments.seePlans')}
          </Button>
        </EmptyState>
      ) : narrow ? (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('payments.title')} data-testid="pagos-list">
          {payments.data.map((p) => (
            <Card component="li" key={p.id} withBorder radius="md" padding="sm" data-testid="payment-row">
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{formatMoney(p.amountCents, locale)}</Text>
                {status(p)}
              </Group>
              <Text size="sm">{p.description}</Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(p.createdAt, locale, timeZone)} · {card(p)}
              </Text>
              {invoice(p)}
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover data-testid="pagos-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payments.date')}</Table.Th>
                <Table.Th>{t('payments.concept')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('payments.amount')}</Table.Th>
                <Table.Th>{t('payments.method')}</Table.Th>
                <Table.Th>{t('payments.status')}</Table.Th>
                <Table.Th>{t('payments.invoice')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.data.map((p) => (
                <Table.Tr key={p.id} data-testid="payment-row">
                  <Table.Td>{formatDateTime(p.createdAt, locale, timeZone)}</Table.Td>
                  <Table.Td>{p.description}</Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-testid="payment-amount">
                    {formatMoney(p.amountCents, locale)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{card(p)}</Table.Td>
                  <Table.Td>{status(p)}</Table.Td>
                  <Table.Td>{invoice(p)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
