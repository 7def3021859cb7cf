import { useState } from 'react';
import { Button, Group, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminSubscriptionDetail } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatMoney } from '@/lib/format';
import { ChargebackDecisionDialog, RecordChargebackDialog } from './chargeback-dialogs';

type Payment = AdminSubscriptionDetail['payments'][number];
/** What a bank can charge back: a payment that was taken. */
const TAKEN = new Set(['succeeded', 'partially_refunded', 'refunded']);

/**
 * A subscription's payments: date, amount, status (with a dispute, its state, reason, amount and due
 * date) and the invoice each one has. A payment whose provider reports no disputes (Redsys, the
 * sandbox) offers to record the bank's chargeback, and an open one recorded here its outcome.
 */
export function SubscriptionPayments({ subscriptionId, payments }: { subscriptionId: string; payments: Payment[] }) {
  const { t } = useTranslation(['admin-subscriptions', 'admin', 'plan']);
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const [recording, setRecording] = useState<Payment | null>(null);
  const [decision, setDecision] = useState<{ dispute: NonNullable<Payment['dispute']>; outcome: 'won' | 'lost' } | null>(null);
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
                          ? ` ${t(p.disputesRecordedHere ? 'dispute.dueByBank' : 'dispute.dueBy', { date: formatDate(p.dispute.evidenceDueBy, locale) })}`
                          : null}
                        {p.dispute.creditNoteNumber ? ` ${t('dispute.creditNote', { number: p.dispute.creditNoteNumber })}` : null}
                      </Text>
                    ) : null}
                    <PaymentChargebackActions
                      payment={p}
                      onRecord={() => setRecording(p)}
                      onDecide={(outcome) => p.dispute && setDecision({ dispute: p.dispute, outcome })}
                    />
                  </Table.Td>
                  <Table.Td>{p.invoiceNumber ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RecordChargebackDialog subscriptionId={subscriptionId} payment={recording} onClose={() => setRecording(null)} />
      <ChargebackDecisionDialog subscriptionId={subscriptionId} decision={decision} onClose={() => setDecision(null)} />
    </section>
  );
}

/** "Record a chargeback" on a taken payment never disputed; "Kept" / "Returned" on an open chargeback recorded here. */
function PaymentChargebackActions({
  payment,
  onRecord,
  onDecide,
}: {
  payment: Payment;
  onRecord: () => void;
  onDecide: (outcome: 'won' | 'lost') => void;
}) {
  const { t } = useTranslation('admin-subscriptions');
  if (!payment.disputesRecordedHere) return null;
  if (!payment.dispute)
    return TAKEN.has(payment.status) ? (
      <Button variant="subtle" size="compact-sm" mt={4} onClick={onRecord} data-testid="chargeback-record">
        {t('chargeback.record')}
      </Button>
    ) : null;
  if (payment.dispute.closedAt) return null;
  return (
    <Group gap="xs" mt={4}>
      <Button variant="subtle" size="compact-sm" onClick={() => onDecide('won')} data-testid="chargeback-won">
        {t('chargeback.won.action')}
      </Button>
      <Button variant="subtle" color="red" size="compact-sm" onClick={() => onDecide('lost')} data-testid="chargeback-lost">
        {t('chargeback.lost.action')}
      </Button>
    </Group>
  );
}
