import { Checkbox, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { promotionCodeBodySchema } from '@enlaza/contracts';
import { ModalForm } from '@/components/modal-form';
import { notify } from '@/components/notifications';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useCreatePromotionCode } from '../api/create-promotion-code';
import { endOfDayOrNull, wholeOrNull } from './amounts';

const initialValues = { code: '', expiresAt: '', maxRedemptions: '', firstTimeOnly: false };

/** A new promotion code for the coupon: the text customers type (unique, without case), its own expiry and limits. */
export function PromotionCodeForm({ couponId, onDone }: { couponId: string; onDone: () => void }) {
  const { t } = useTranslation(['admin-coupons', 'admin']);
  const create = useCreatePromotionCode();
  const form = useContractForm(promotionCodeBodySchema, {
    initialValues,
    toBody: (v: typeof initialValues) => ({
      code: v.code,
      expiresAt: endOfDayOrNull(v.expiresAt),
      maxRedemptions: wholeOrNull(v.maxRedemptions),
      firstTimeOnly: v.firstTimeOnly,
    }),
    messages: { maxRedemptions: t('form.invalid.maxRedemptions') },
    // A code written like another one: the server says so (409) on the field.
    fieldOfError: (error) => (error.status === 409 ? 'code' : undefined),
  });
  const submit = form.onSubmit((body) =>
    create.mutate(
      { couponId, body },
      {
        onSuccess: (saved) => {
          notify('success', t('codes.created', { code: saved.code }));
          form.form.reset();
          onDone();
        },
        onError: form.setServerError,
      },
    ),
  );
  return (
    <ModalForm
      onSubmit={submit}
      testId="promotion-code-form"
      error={form.generalError}
      cancelLabel={t('admin:cancel')}
      onCancel={onDone}
      submitLabel={t('codes.add')}
      pending={create.isPending}
      submitTestId="promotion-code-submit"
    >
      <TextInput
        {...form.field('code')}
        label={t('codes.code')}
        description={t('codes.codeHint')}
        data-autofocus
        data-testid="promotion-code-text"
      />
      <Group grow align="flex-start">
        <TextInput {...form.field('expiresAt')} type="date" label={t('codes.expiresAt')} data-testid="promotion-code-expires" />
        <TextInput
          {...form.field('maxRedemptions')}
          label={t('form.maxRedemptions')}
          inputMode="numeric"
          data-testid="promotion-code-max"
        />
      </Group>
      <Checkbox
        {...form.field('firstTimeOnly', { type: 'checkbox' })}
        label={t('codes.firstTimeOnly')}
        data-testid="promotion-code-first"
      />
    </ModalForm>
  );
}
