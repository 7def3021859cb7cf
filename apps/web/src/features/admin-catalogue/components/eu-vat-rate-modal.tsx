import { Modal, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { euVatRateBodySchema, type EuVatRate } from '@enlaza/contracts';
import { ModalForm } from '@/components/modal-form';
import { notify } from '@/components/notifications';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useSaveEuVatRate } from '../api/eu-vat-rates';
import { basisPointsToPercent, percentToBasisPoints } from '../lib/amounts';

/**
 * Set one member state's standard VAT rate, typed in percent (up to two decimals) and sent in basis
 * points. `name`: the country in the viewer's language. The page remounts it for each country.
 */
export function EuVatRateModal({ editing, name, onClose }: { editing: EuVatRate | null; name: string; onClose: () => void }) {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  const save = useSaveEuVatRate();
  const form = useContractForm(euVatRateBodySchema, {
    initialValues: { rateBasisPoints: editing ? basisPointsToPercent(editing.rateBasisPoints) : '' },
    // A rate that cannot be read is sent to the contract as NaN, which it refuses, so the field gets its message.
    toBody: (values) => ({ rateBasisPoints: percentToBasisPoints(values.rateBasisPoints) ?? Number.NaN }),
    messages: { rateBasisPoints: t('form.invalid.percent') },
  });

  const submit = form.onSubmit((body) => {
    if (!editing) return;
    save.mutate(
      { country: editing.country, body },
      {
        onSuccess: () => {
          notify('success', t('euVatRates.saved', { name }));
          onClose();
        },
        onError: form.setServerError,
      },
    );
  });

  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={t('euVatRates.editTitle', { name })}
      centered
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      <ModalForm
        onSubmit={submit}
        testId="eu-vat-rate-form"
        error={form.generalError}
        cancelLabel={t('admin:cancel')}
        onCancel={onClose}
        submitLabel={t('form.save')}
        pending={save.isPending}
        submitTestId="eu-vat-rate-submit"
      >
        <TextInput
          {...form.field('rateBasisPoints')}
          label={t('euVatRates.rate')}
          description={t('euVatRates.rateHint')}
          inputMode="decimal"
          rightSection={
            <Text size="sm" c="dimmed" aria-hidden>
              %
            </Text>
          }
          data-autofocus
          data-testid="eu-vat-rate-input"
        />
      </ModalForm>
    </Modal>
  );
}
