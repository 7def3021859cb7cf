import { Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminSubscriptionDetail } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatMoney } from '@/lib/format';

/** A subscription's payments: date, amount, status (with a dispute, its state, reason, amount and due date) and the invoice each one has. */
export function SubscriptionPayments({ payments }: { payments: AdminSubscriptionDetail['payments'] }) {
  const { t } = useTranslation(['admin-subscriptions', 'admin', 'plan']);
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <section aria-labelledby="subscription-payments">
      <Title order={4} id="subscription-payments" mb="sm">
        {t('detail.payments')}
      </Title>
      {payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.noPayments')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table data-testid="subscription-payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.date')}</Table.Th>
                <Table.Th>{t('columns.amount')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
                <Table.Th>{t('columns.invoice')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatDate(p.createdAt, locale)}</Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{money(p.amountCents)}</Table.Td>
                  <Table.Td>
                    {t(`paymentStatus.${p.status}`, { defaultValue: p.status })}
                    {p.dispute ? (
                      <Text size="sm" c={p.dispute.status === 'lost' ? 'red' : undefined} data-testid="payment-dispute">
                        {t('dispute.summary', {
                          status: t(`dispute.statuses.${p.dispute.status}`),
                          reason: t(`dispute.reasons.${p.dispute.reason}`, { defaultValue: p.dispute.reason }),
                          amount: money(p.dispute.amountCents),
                        })}
                        {p.dispute.evidenceDueBy && !p.dispute.closedAt
                          ? ` ${t('dispute.dueBy', { date: formatDate(p.dispute.evidenceDueBy, locale) })}`
                          : null}
                        {p.dispute.creditNoteNumber ? ` ${t('dispute.creditNote', { number: p.dispute.creditNoteNumber })}` : null}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{p.invoiceNumber ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
