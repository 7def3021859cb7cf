import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AddOnView } from '@enlaza/contracts';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatDate, formatMoney } from '@/lib/format';
import { useAddOns, useBuyAddOn } from '../api/billing';
import { addOnQuoteOptions, useAddOnQuote } from '../api/get-add-on-quote';
import { PayDialog } from '../components/pay-dialog';
import { QuotaList } from '../components/quota-list';
import { TaxRuleNote } from '../components/tax-rule-note';
import { EmptyState, LoadError, LoadingRows } from '../components/states';

/** /user/paquetes: buy extra sends, cards or storage, valid until the end of the current period. */
export default function PaquetesPage() {
  const { t } = useTranslation(['billing', 'admin']);
  usePageTitle(t('addons.title'));
  const locale = useLocale();
  const addOns = useAddOns();
  const buy = useBuyAddOn();
  // What the last purchase ended as (a payment that waits for authentication is not bought yet).
  const [done, setDone] = useState<'succeeded' | 'processing' | null>(null);
  // The add-on being bought, read from the page's data: its price follows billing details saved in the dialog.
  const [buyingId, setBuyingId] = useState<string | null>(null);
  const buying = addOns.data?.addOns.find((a) => a.id === buyingId) ?? null;
  const queryClient = useQueryClient();
  // The promotion code applied to this purchase: its quote (with the discount line) replaces the page's price.
  const [code, setCode] = useState<string | null>(null);
  const quote = useAddOnQuote(buyingId, code);
  const setBuying = (addOn: AddOnView | null) => {
    setBuyingId(addOn?.id ?? null);
    setCode(null);
  };
  const promotion = {
    applied: code,
    discount: quote.data?.discount ?? null,
    apply: async (typed: string) => {
      if (!buyingId) return;
      await queryClient.fetchQuery(addOnQuoteOptions(buyingId, typed));
      setCode(typed);
    },
    remove: () => setCode(null),
  };
  const withCode = code ? (quote.data ?? null) : null;
  const validUntil = addOns.data ? formatDate(addOns.data.validUntil, locale) : '';

  return (
    <Stack gap="lg" w="100%" maw={960} data-testid="paquetes-page">
      <PageHeader title={t('addons.title')} intro={addOns.data ? t('addons.intro', { date: validUntil }) : undefined} />
      {addOns.isPending ? (
        <LoadingRows rows={3} height={120} />
      ) : addOns.isError ? (
        <LoadError onRetry={() => void addOns.refetch()} testId="paquetes-error" />
      ) : (
        <>
          {addOns.data.addOns.length === 0 ? (
            <EmptyState title={t('addons.noneForSale')} testId="paquetes-empty" />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {addOns.data.addOns.map((a) => (
                <Card key={a.id} withBorder radius="md" padding="lg" data-testid={`addon-${a.code}`}>
                  <Stack gap="xs" h="100%">
                    <Title order={2} size="h4">
                      {a.name}
                    </Title>
                    {a.description ? (
                      <Text size="sm" c="dimmed">
                        {a.description}
                      </Text>
                    ) : null}
                    <QuotaList limits={a.extra} skipZero plus />
                    <Text fw={700}>{formatMoney(a.price.totalCents, locale)}</Text>
                    <Text size="xs" c="dimmed">
                      {t('plans.beforeTax', { amount: formatMoney(a.price.subtotalCents, locale), tax: a.price.taxName })}
                    </Text>
                    <TaxRuleNote rule={a.price.taxRule} />
                    <Button
                      mt="auto"
                      onClick={() => {
                        buy.reset();
                        setDone(null);
                        setBuying(a);
                      }}
                      aria-label={t('addons.buyOf', { name: a.name })}
                      data-testid="addon-buy"
                    >
                      {t('addons.buy')}
                    </Button>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          )}
          <Card withBorder radius="md" padding="lg" data-testid="paquetes-active">
            <Title order={2} size="h4" mb="xs">
              {t('addons.active')}
            </Title>
            {addOns.data.active.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('addons.none')}
              </Text>
            ) : (
              <Stack gap="xs">
                {addOns.data.active.map((a) => (
                  <Group key={a.id} justify="space-between" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {a.name}
                    </Text>
                    {a.validUntil ? (
                      <Text size="sm" c="dimmed">
                        {t('addons.validUntil', { date: formatDate(a.validUntil, locale) })}
                      </Text>
                    ) : null}
                  </Group>
                ))}
              </Stack>
            )}
          </Card>
          {done ? (
            <Alert color="teal" role="status" data-testid="paquetes-done">
              {done === 'processing' ? t('addons.boughtProcessing', { date: validUntil }) : t('addons.bought', { date: validUntil })}
            </Alert>
          ) : null}
        </>
      )}
      <PayDialog
        opened={buying !== null}
        title={buying ? t('addons.confirmTitle', { name: buying.name }) : ''}
        lines={code ? (withCode?.lines ?? null) : buying ? [{ description: buying.name, amountCents: buying.price.subtotalCents }] : null}
        price={code ? (withCode?.price ?? null) : (buying?.price ?? null)}
        quoteError={code ? quote.error : undefined}
        promotion={promotion}
        note={t('addons.validUntil', { date: validUntil })}
        requote={async () =>
          code
            ? ((await quote.refetch()).data?.price ?? null)
            : ((await addOns.refetch()).data?.addOns.find((a) => a.id === buyingId)?.price ?? null)
        }
        pay={(payWith, idempotencyKey) =>
          buying
            ? buy.mutateAsync({ addOnId: buying.id, ...payWith, idempotencyKey, ...(code ? { promotionCode: code } : {}) })
            : Promise.reject(new Error('nothing to buy'))
        }
        onPaid={(result) => {
          const processing = result.payment.status === 'processing';
          setDone(processing ? 'processing' : 'succeeded');
          notify('success', processing ? t('addons.boughtProcessing', { date: validUntil }) : t('addons.bought', { date: validUntil }));
          setBuying(null);
        }}
        onClose={() => setBuying(null)}
      />
    </Stack>
  );
}
