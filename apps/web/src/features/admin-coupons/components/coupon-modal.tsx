import { Modal, MultiSelect, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { couponBodySchema, COUPON_DURATIONS } from '@enlaza/contracts';
import { ModalForm } from '@/components/modal-form';
import { notify } from '@/components/notifications';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useCreateCoupon } from '../api/create-coupon';
import { useAddOnChoices } from '../api/get-add-on-choices';
import { useOfferChoices } from '../api/get-offer-choices';
import { endOfDayOrNull, eurosToCents, wholeOrNull } from './amounts';

type Values = {
  name: string;
  kind: 'percent' | 'amount';
  percentOff: string;
  amountOff: string;
  duration: (typeof COUPON_DURATIONS)[number];
  durationInMonths: string;
  offerIds: string[];
  addOnIds: string[];
  redeemBy: string;
  maxRedemptions: string;
};

const initialValues: Values = {
  name: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  duration: 'once',
  durationInMonths: '',
  offerIds: [],
  addOnIds: [],
  redeemBy: '',
  maxRedemptions: '',
};

/** The body the API checks, from what was typed: the other kind of discount and the months of a non-repeating coupon left out. */
export const couponBody = (v: Values) => ({
  name: v.name,
  percentOff: v.kind === 'percent' ? wholeOrNull(v.percentOff) : null,
  amountOffCents: v.kind === 'amount' ? (v.amountOff.trim() === '' ? null : (eurosToCents(v.amountOff) ?? Number.NaN)) : null,
  duration: v.duration,
  durationInMonths: v.duration === 'repeating' ? wholeOrNull(v.durationInMonths) : null,
  offerIds: v.offerIds,
  addOnIds: v.addOnIds,
  redeemBy: endOfDayOrNull(v.redeemBy),
  maxRedemptions: wholeOrNull(v.maxRedemptions),
});

/** Create a coupon: a percentage or an amount off, how long, on what, until when and how many times. */
export function CouponModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['admin-coupons', 'admin']);
  const create = useCreateCoupon();
  const offers = useOfferChoices().data ?? [];
  const addOns = useAddOnChoices().data ?? [];
  const form = useContractForm(couponBodySchema, {
    initialValues,
    toBody: couponBody,
    fieldOf: { amountOffCents: 'amountOff' },
    messages: {
      percentOff: t('form.invalid.percentOff'),
      amountOffCents: t('form.invalid.amountOff'),
      durationInMonths: t('form.invalid.durationInMonths'),
      maxRedemptions: t('form.invalid.maxRedemptions'),
    },
  });
  const { values } = form.form;

  const submit = form.onSubmit((body) => {
    create.mutate(body, {
      onSuccess: (saved) => {
        notify('success', t('form.created', { name: saved.name }));
        form.form.reset();
        onClose();
      },
      onError: form.setServerError,
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('form.title')} centered closeButtonProps={{ 'aria-label': t('admin:close') }}>
      <ModalForm
        onSubmit={submit}
        testId="coupon-form"
        error={form.generalError}
        cancelLabel={t('admin:cancel')}
        onCancel={onClose}
        submitLabel={t('form.save')}
        pending={create.isPending}
        submitTestId="coupon-submit"
      >
        <TextInput {...form.field('name')} label={t('form.name')} data-autofocus data-testid="coupon-name" />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="coupon-kind-label">
            {t('form.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="coupon-kind-label"
            value={values.kind}
            onChange={(kind) => form.form.setFieldValue('kind', kind)}
            data={[
              { value: 'percent', label: t('form.percent') },
              { value: 'amount', label: t('form.amount') },
            ]}
            data-testid="coupon-kind"
          />
        </Stack>
        {values.kind === 'percent' ? (
          <TextInput {...form.field('percentOff')} label={t('form.percentOff')} inputMode="numeric" data-testid="coupon-percent" />
        ) : (
          <TextInput {...form.field('amountOff')} label={t('form.amountOff')} inputMode="decimal" data-testid="coupon-amount" />
        )}
        <Select
          {...form.field('duration')}
          label={t('form.duration')}
          allowDeselect={false}
          data={COUPON_DURATIONS.map((d) => ({ value: d, label: t(`duration.${d}`) }))}
          data-testid="coupon-duration"
        />
        {values.duration === 'repeating' ? (
          <TextInput
            {...form.field('durationInMonths')}
            label={t('form.durationInMonths')}
            inputMode="numeric"
            data-testid="coupon-months"
          />
        ) : null}
        <MultiSelect
          {...form.field('offerIds')}
          label={t('form.offers')}
          description={t('form.appliesToHint')}
          data={offers.map((o) => ({ value: o.id, label: o.name }))}
          searchable
          data-testid="coupon-offers"
        />
        <MultiSelect
          {...form.field('addOnIds')}
          label={t('form.addOns')}
          data={addOns.map((a) => ({ value: a.id, label: a.name }))}
          searchable
          data-testid="coupon-add-ons"
        />
        <TextInput {...form.field('redeemBy')} type="date" label={t('form.redeemBy')} data-testid="coupon-redeem-by" />
        <TextInput {...form.field('maxRedemptions')} label={t('form.maxRedemptions')} inputMode="numeric" data-testid="coupon-max" />
      </ModalForm>
    </Modal>
  );
}
