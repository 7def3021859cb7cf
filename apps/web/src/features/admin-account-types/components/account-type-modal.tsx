import { Checkbox, Fieldset, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accountTypeBodySchema, type AccountTypeAdmin } from '@enlaza/contracts';
import { notify } from '@/components/notifications';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useSaveAccountType } from '../api/account-types';
import { ModalForm } from '@/components/modal-form';

const LANGUAGES = ['en', 'es', 'jp'] as const;

/** Create (editing === 'new') or edit an account type: code, its name in en (required), es and jp, whether a tax id is required. */
export function AccountTypeModal({ editing, onClose }: { editing: AccountTypeAdmin | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-account-types', 'admin']);
  const save = useSaveAccountType();
  // The page remounts this modal (key) for each item, so the fields start from it.
  const current = editing === 'new' ? null : editing;
  const nameMessage = (language: (typeof LANGUAGES)[number]) =>
    // Only English is required; Spanish and Japanese can only be too long.
    t(language === 'en' ? 'form.invalid.name' : 'form.invalid.optionalName', { language: t(`form.languages.${language}`) });
  const form = useContractForm(accountTypeBodySchema, {
    initialValues: {
      code: current?.code ?? '',
      names: { en: current?.names.en ?? '', es: current?.names.es ?? '', jp: current?.names.jp ?? '' },
      requiresTaxId: current?.requiresTaxId ?? false,
    },
    messages: {
      code: t('form.invalid.code'),
      'names.en': nameMessage('en'),
      'names.es': nameMessage('es'),
      'names.jp': nameMessage('jp'),
    },
    // A code another account type has: the server says so (409) without field errors.
    fieldOfError: (error) => (error.status === 409 ? 'code' : undefined),
  });

  const submit = form.onSubmit((body) => {
    const id = editing === 'new' || editing === null ? null : editing.id;
    save.mutate(
      { id, body },
      {
        onSuccess: (saved) => {
          notify('success', t(id ? 'form.updated' : 'form.created', { name: saved.name }));
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
      title={t(editing === 'new' ? 'form.createTitle' : 'form.editTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      <ModalForm
        onSubmit={submit}
        testId="account-type-form"
        error={form.generalError}
        cancelLabel={t('admin:cancel')}
        onCancel={onClose}
        submitLabel={t('form.save')}
        pending={save.isPending}
        submitTestId="account-type-submit"
      >
        <TextInput
          {...form.field('code')}
          label={t('form.code')}
          description={t('form.codeHint')}
          data-autofocus
          data-testid="account-type-code"
        />
        <Fieldset legend={t('form.name')} p="sm" pt={4}>
          <Stack gap="xs">
            {LANGUAGES.map((language) => (
              <TextInput
                {...form.field(`names.${language}`)}
                key={language}
                label={t(`form.languages.${language}`)}
                lang={language === 'jp' ? 'ja' : language}
                description={language === 'en' ? undefined : t('form.optionalNameHint')}
                data-testid={`account-type-name-${language}`}
              />
            ))}
          </Stack>
        </Fieldset>
        <Checkbox {...form.field('requiresTaxId', { type: 'checkbox' })} label={t('form.requiresTaxId')} data-testid="account-type-tax" />
      </ModalForm>
    </Modal>
  );
}
