import { useState, type FormEvent } from 'react';
import { Checkbox, Fieldset, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accountTypeBodySchema, type AccountTypeAdmin } from '@enlaza/contracts';
import { apiErrorMessage } from '@/components/api-error-message';
import { notify } from '@/components/notifications';
import { ApiError } from '@/lib/api-error';
import { useSaveAccountType } from '../api/account-types';
import { ModalFormFooter } from '@/components/modal-form-footer';

const LANGUAGES = ['en', 'es', 'jp'] as const;
type Language = (typeof LANGUAGES)[number];
type Field = 'code' | `names.${Language}`;

/** Create (editing === 'new') or edit an account type: code, its name in en (required), es and jp, whether a tax id is required. */
export function AccountTypeModal({ editing, onClose }: { editing: AccountTypeAdmin | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-account-types', 'admin']);
  const save = useSaveAccountType();
  // The page remounts this modal (key) for each item, so the fields start from it.
  const current = editing === 'new' ? null : editing;
  const [code, setCode] = useState(current?.code ?? '');
  const [names, setNames] = useState<Record<Language, string>>({
    en: current?.names.en ?? '',
    es: current?.names.es ?? '',
    jp: current?.names.jp ?? '',
  });
  const [requiresTaxId, setRequiresTaxId] = useState(current?.requiresTaxId ?? false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = accountTypeBodySchema.safeParse({ code, names, requiresTaxId });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const [field, language] = issue.path;
        if (field === 'code') next.code = t('form.invalid.code');
        if (field === 'names' && (language === 'en' || language === 'es' || language === 'jp'))
          // Only English is required; Spanish and Japanese can only be too long.
          next[`names.${language}`] = t(language === 'en' ? 'form.invalid.name' : 'form.invalid.optionalName', {
            language: t(`form.languages.${language}`),
          });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const id = editing === 'new' || editing === null ? null : editing.id;
    save.mutate(
      { id, body: parsed.data },
      {
        onSuccess: (saved) => {
          notify('success', t(id ? 'form.updated' : 'form.created', { name: saved.name }));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors)
            setErrors({
              code: error.fieldErrors.code?.[0],
              'names.en': error.fieldErrors['names.en']?.[0],
              'names.es': error.fieldErrors['names.es']?.[0],
              'names.jp': error.fieldErrors['names.jp']?.[0],
            });
          else if (error instanceof ApiError && error.status === 409) setErrors({ code: error.serverMessage ?? t('form.codeTaken') });
        },
      },
    );
  };

  const showServerError = save.isError && !(save.error instanceof ApiError && (save.error.fieldErrors || save.error.status === 409));

  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={t(editing === 'new' ? 'form.createTitle' : 'form.editTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      <form onSubmit={submit} noValidate data-testid="account-type-form">
        <Stack gap="sm">
          <TextInput
            label={t('form.code')}
            description={t('form.codeHint')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.code}
            required
            data-autofocus
            data-testid="account-type-code"
          />
          <Fieldset legend={t('form.name')} p="sm" pt={4}>
            <Stack gap="xs">
              {LANGUAGES.map((language) => (
                <TextInput
                  key={language}
                  label={t(`form.languages.${language}`)}
                  lang={language === 'jp' ? 'ja' : language}
                  value={names[language]}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setNames((prev) => ({ ...prev, [language]: value }));
                  }}
                  description={language === 'en' ? undefined : t('form.optionalNameHint')}
                  error={errors[`names.${language}`]}
                  required={language === 'en'}
                  data-testid={`account-type-name-${language}`}
                />
              ))}
            </Stack>
          </Fieldset>
          <Checkbox
            label={t('form.requiresTaxId')}
            checked={requiresTaxId}
            onChange={(e) => setRequiresTaxId(e.currentTarget.checked)}
            data-testid="account-type-tax"
          />
          <ModalFormFooter
            error={showServerError ? apiErrorMessage(save.error, t) : null}
            cancelLabel={t('admin:cancel')}
            onCancel={onClose}
            submitLabel={t('form.save')}
            pending={save.isPending}
            submitTestId="account-type-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
