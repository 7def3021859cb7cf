import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/components/notifications';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatDate, formatNumber } from '@/lib/format';
import { useArchiveCoupon } from '../api/archive-coupon';
import { useCoupon } from '../api/get-coupon';
import { PromotionCodesTable } from '../components/promotion-codes-table';
import { RedemptionsTable } from '../components/redemptions-table';
import { discountText, durationText } from '../components/coupon-texts';
import { PromotionCodeForm } from '../components/promotion-code-form';

/** /admin/cupones/:couponId: a coupon's terms, its promotion codes (add, archive) and its redemptions; archive it. */
export default function AdminCouponPage() {
  const { t } = useTranslation(['admin-coupons', 'admin', 'pages']);
  const locale = useLocale();
  const { couponId = '' } = useParams();
  const query = useCoupon(couponId);
  usePageTitle(query.data?.coupon.name ?? t('pages:admin.cupones'));
  const archive = useArchiveCoupon();
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);

  if (query.isError)
    return (
      <Alert color="red" role="alert" data-testid="coupon-error">
        {apiErrorMessage(query.error, t)}
      </Alert>
    );
  if (!query.data) return <Text c="dimmed">{t('admin:loading')}</Text>;
  const { coupon, promotionCodes, redemptions } = query.data;
  const never = t('never');

  return (
    <Stack gap="lg" data-testid="admin-coupon-page">
      <Anchor component={Link} to="/admin/cupones" size="sm">
        {t('back')}
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm">
          <Title order={1}>{coupon.name}</Title>
          <Badge color={coupon.active ? 'teal' : 'gray'} variant="light" data-testid="coupon-status">
            {t(coupon.active ? 'active' : 'archived')}
          </Badge>
        </Group>
        {coupon.active ? (
          <Group gap="xs">
            <Button variant="default" onClick={() => setAdding(true)} data-testid="promotion-code-add">
              {t('codes.add')}
            </Button>
            <Button color="red" variant="light" onClick={() => setConfirming(true)} data-testid="coupon-archive">
              {t('archive.button')}
            </Button>
          </Group>
        ) : null}
      </Group>
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Fact label={t('columns.discount')} value={discountText(coupon, locale)} />
          <Fact label={t('columns.duration')} value={durationText(coupon, t)} />
          <Fact label={t('form.redeemBy')} value={coupon.redeemBy ? formatDate(coupon.redeemBy, locale) : never} />
          <Fact
            label={t('columns.redeemed')}
            value={
              coupon.maxRedemptions === null
                ? formatNumber(coupon.timesRedeemed, locale)
                : `${formatNumber(coupon.timesRedeemed, locale)} / ${formatNumber(coupon.maxRedemptions, locale)}`
            }
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="sm">
          {coupon.offerIds.length + coupon.addOnIds.length === 0
            ? t('appliesTo.everything')
            : t('appliesTo.some', { count: coupon.offerIds.length + coupon.addOnIds.length })}
        </Text>
      </Card>
      <Title order={2} size="h3">
        {t('codes.title')}
      </Title>
      <PromotionCodesTable codes={promotionCodes} />
      <Title order={2} size="h3">
        {t('redemptions.title')}
      </Title>
      <RedemptionsTable redemptions={redemptions} />
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('codes.add')}
        centered
        closeButtonProps={{ 'aria-label': t('admin:close') }}
      >
        {adding ? <PromotionCodeForm couponId={coupon.id} onDone={() => setAdding(false)} /> : null}
      </Modal>
      <ConfirmDialog
        opened={confirming}
        title={t('archive.title')}
        confirmLabel={t('archive.confirm')}
        danger
        loading={archive.isPending}
        error={archive.isError ? apiErrorMessage(archive.error, t) : null}
        onConfirm={() =>
          archive.mutate(coupon.id, {
            onSuccess: () => {
              notify('success', t('archive.done', { name: coupon.name }));
              setConfirming(false);
            },
          })
        }
        onClose={() => setConfirming(false)}
      >
        {t('archive.body', { name: coupon.name })}
      </ConfirmDialog>
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}
