import { Fieldset, Stack, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '@/lib/forms/use-contract-form';

export const LANGUAGES = ['en', 'es', 'jp'] as const;
/** A name or description per language. */
export type Texts = Record<(typeof LANGUAGES)[number], string>;

/** A catalogue item's names (English required) and descriptions, one input per language. */
export function CatalogueTexts({ field }: { field: (path: string) => FieldProps }) {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  return (
    <>
      <Fieldset legend={t('form.name')} p="sm" pt={4}>
        <Stack gap="xs">
          {LANGUAGES.map((language) => (
            <TextInput
              // English is the fallback of every name lookup: the only one the contract requires.
              {...field(`names.${language}`)}
              key={language}
              label={t(`form.languages.${language}`)}
              lang={language === 'jp' ? 'ja' : language}
              description={language === 'en' ? undefined : t('form.optionalNameHint')}
              data-testid={`catalogue-name-${language}`}
            />
          ))}
        </Stack>
      </Fieldset>
      <Fieldset legend={t('form.description')} p="sm" pt={4}>
        <Stack gap="xs">
          {LANGUAGES.map((language) => (
            <Textarea
              {...field(`descriptions.${language}`)}
              key={language}
              label={t(`form.languages.${language}`)}
              lang={language === 'jp' ? 'ja' : language}
              autosize
              minRows={1}
              maxRows={4}
            />
          ))}
        </Stack>
      </Fieldset>
    </>
  );
}
