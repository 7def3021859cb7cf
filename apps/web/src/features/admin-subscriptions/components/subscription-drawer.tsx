import { useState } from 'react';
import { Alert, Button, Drawer, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { AdminSubscriptionDetail, SubscriptionEvent } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { SubscriptionStatusBadge } from '@/components/plan-usage-card';
import { pricePerPeriod } from '@/components/price-per-period';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { downloadInvoicePdf, useSubscriptionDetail } from '../api/subscriptions';
import { ChangeDialog, type ChangeKind } from './change-dialog';
import { SubscriptionPayments } from './subscription-payments';

const RUNNING = new Set(['trialing', 'active', 'past_due']);

interface Props {
  id: string | null;
  onClose: () => void;
}

/** One subscription: summary, cancel/extend, its history, payments and invoices. */
export function SubscriptionDrawer({ id, onClose }: Props) {
  const { t } = useTranslation(['admin-subscriptions', 'admin', 'plan']);
  const narrow = useMediaQuery('(max-width: 40em)');
  const query = useSubscriptionDetail(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={t('detail.title')}
      closeButtonProps={{ 'aria-label': t('admin:close') }}
      data-testid="subscription-drawer"
    >
      {query.isPending ? (
        <Group justify="center" p="lg">
          <Loader aria-label={t('detail.loading')} />
        </Group>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(query.error, t)}
        </Alert>
      ) : (
        <DetailBody detail={query.data} />
      )}
    </Drawer>
  );
}

function DetailBody({ detail }: { detail: AdminSubscriptionDetail }) {
  const { t } = useTranslation(['admin-subscriptions', 'admin', 'plan']);
  const locale = useLocale();
  const [change, setChange] = useState<ChangeKind | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const changeable = RUNNING.has(detail.status) && detail.currentPeriodEnd !== null && detail.period !== null;
  const money = (cents: number) => formatMoney(cents, locale);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {detail.user.name}
          </Title>
          <SubscriptionStatusBadge status={detail.status} />
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detail.user.email}
        </Text>
        <Text size="sm" data-testid="subscription-price">
          {detail.plan.name}
          {detail.period && detail.priceCents !== null
            ? ` · ${pricePerPeriod(t, detail.priceCents, detail.period.months, locale, { perSeat: detail.seats !== null })}`
            : detail.period
              ? ` · ${detail.period.name}`
              : ''}
          {detail.seats !== null ? ` · ${t('detail.seats', { count: detail.seats, formatted: formatNumber(detail.seats, locale) })}` : ''}
        </Text>
        <Text size="sm" data-testid="subscription-period">
          {t('detail.period', {
            start: formatDate(detail.currentPeriodStart, locale),
            end: detail.currentPeriodEnd ? formatDate(detail.currentPeriodEnd, locale) : '—',
          })}
        </Text>
        {detail.cancelAtPeriodEnd ? (
          <Text size="sm" c="orange.8">
            {t('detail.endsAtPeriodEnd')}
          </Text>
        ) : null}
      </Stack>
      {changeable ? (
        <Group gap="sm">
          <Button variant="light" onClick={() => setChange('extend')} data-testid="subscription-extend">
            {t('extend.button')}
          </Button>
          <Button variant="light" color="red" onClick={() => setChange('cancel')} data-testid="subscription-cancel">
            {t('cancel.button')}
          </Button>
        </Group>
      ) : null}
      {notice ? (
        <Alert color="teal" role="status" withCloseButton closeButtonLabel={t('admin:close')} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}

      <section aria-labelledby="subscription-history">
        <Title order={4} id="subscription-history" mb="sm">
          {t('detail.history')}
        </Title>
        {detail.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('detail.noHistory')}
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} data-testid="subscription-history">
            {[...detail.history].reverse().map((event) => (
              <Timeline.Item key={event.id} title={t(`events.${event.kind}`)}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(event.at, locale)}
                  {event.actorId ? ` · ${t('detail.byAdmin')}` : ''}
                </Text>
                <EventFacts event={event} />
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </section>

      <SubscriptionPayments subscriptionId={detail.id} payments={detail.payments} />

      <section aria-labelledby="subscription-invoices">
        <Title order={4} id="subscription-invoices" mb="sm">
          {t('detail.invoices')}
        </Title>
        {pdfError ? (
          <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('admin:close')} onClose={() => setPdfError(null)}>
            {pdfError}
          </Alert>
        ) : null}
        {detail.invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('detail.noInvoices')}
          </Text>
        ) : (
          <Stack gap="xs" data-testid="subscription-invoices">
            {detail.invoices.map((invoice) => (
              <Group key={invoice.id} justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm">
                  <Text span fw={600}>
                    {invoice.number}
                  </Text>{' '}
                  · {formatDate(invoice.issuedAt, locale)} · {money(invoice.totalCents)}
                  {invoice.kind === 'credit_note' ? ` · ${t('detail.creditNote')}` : ''}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t('detail.pdfOf', { number: invoice.number })}
                  onClick={() =>
                    void downloadInvoicePdf(invoice.id, invoice.number).catch((error: unknown) => setPdfError(apiErrorMessage(error, t)))
                  }
                >
                  PDF
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </section>
      <ChangeDialog subscription={detail} kind={change} onClose={() => setChange(null)} onDone={(kind) => setNotice(t(`${kind}.done`))} />
    </Stack>
  );
}

/** The facts of an event worth a line: reason, days, plans, amount, invoice, attempt. */
function EventFacts({ event }: { event: SubscriptionEvent }) {
  const { t } = useTranslation('admin-subscriptions');
  const locale = useLocale();
  const d = event.detail;
  const facts = [
    d.fromPlan && d.toPlan ? t('facts.plans', { from: d.fromPlan, to: d.toPlan }) : null,
    d.days !== undefined ? t('facts.days', { count: d.days }) : null,
    d.atPeriodEnd !== undefined ? (d.atPeriodEnd ? t('facts.atPeriodEnd') : t('facts.now')) : null,
    d.seats !== undefined
      ? d.fromSeats !== undefined
        ? t('facts.seatsFrom', { from: formatNumber(d.fromSeats, locale), to: formatNumber(d.seats, locale) })
        : t('facts.seats', { seats: formatNumber(d.seats, locale) })
      : null,
    d.amountCents !== undefined ? formatMoney(d.amountCents, locale) : null,
    d.invoiceNumber ? t('facts.invoice', { number: d.invoiceNumber }) : null,
    d.attempt !== undefined ? t('facts.attempt', { attempt: d.attempt }) : null,
    d.periodEnd ? t('facts.periodEnd', { date: formatDate(d.periodEnd, locale) }) : null,
  ].filter(Boolean);
  return (
    <>
      {facts.length > 0 ? <Text size="sm">{facts.join(' · ')}</Text> : null}
      {d.reason ? (
        <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
          “{d.reason}”
        </Text>
      ) : null}
    </>
  );
}
