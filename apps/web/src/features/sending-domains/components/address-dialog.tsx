import { Modal, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { updateSendingDomainBodySchema, type SendingDomain } from '@enlaza/contracts';
import { ModalForm } from '@/components/modal-form';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useUpdateSendingDomain } from '../api/update-sending-domain';

/** Another part before the @ for a domain's address (the page remounts it per domain, so it starts from that one). */
export function AddressDialog({ domain, onClose }: { domain: SendingDomain | null; onClose: () => void }) {
  const { t } = useTranslation(['sending-domains', 'admin']);
  const update = useUpdateSendingDomain();
  const form = useContractForm(updateSendingDomainBodySchema, { initialValues: { localPart: domain?.localPart ?? '' } });
  const close = () => {
    if (update.isPending) return;
    update.reset();
    onClose();
  };
  const submit = form.onSubmit((body) =>
    domain ? update.mutate({ id: domain.id, body }, { onSuccess: close, onError: form.setServerError }) : undefined,
  );
  const localPart = form.values.localPart.trim().toLowerCase() || '…';

  return (
    <Modal
      opened={domain !== null}
      onClose={close}
      title={t('address.title')}
      centered
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      <ModalForm
        onSubmit={submit}
        testId="sending-address-form"
        error={form.generalError}
        cancelLabel={t('admin:cancel')}
        onCancel={close}
        submitLabel={t('address.save')}
        pending={update.isPending}
        submitTestId="sending-address-save"
      >
        <TextInput
          {...form.field('localPart')}
          label={t('add.localPart')}
          description={t('add.localPartHint')}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          data-autofocus
          data-testid="sending-address-local-part"
        />
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('address.preview', { address: `${localPart}@${domain?.domain ?? ''}` })}
        </Text>
      </ModalForm>
    </Modal>
  );
}
