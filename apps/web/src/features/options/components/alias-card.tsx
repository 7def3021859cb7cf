import { useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { aliasChangeBodySchema, type UserOptions } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { ApiError } from '@/lib/http';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useChangeAlias } from '../api/change-alias';
import { suggestAlias } from '../api/suggest-alias';
import { publicHost } from '@/lib/public-url';

/** The public alias of the links; old aliases keep redirecting. */
export function AliasCard({ options }: { options: UserOptions }) {
  const { t } = useTranslation('options');
  const mutation = useChangeAlias();
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const schema = useMemo(
    () =>
      aliasChangeBodySchema.superRefine((body, ctx) => {
        if (body.alias === options.alias) ctx.addIssue({ code: 'custom', path: ['alias'], message: 'same' });
      }),
    [options.alias],
  );
  const form = useContractForm(schema, {
    initialValues: { alias: options.alias },
    messages: { alias: (issue) => (issue.code === 'custom' ? t('alias.same') : t('alias.invalid')) },
    onValuesChange: () => {
      setSuggestion(null);
      setSaved(false);
    },
  });
  const normalized = form.values.alias.trim().toLowerCase();

  const submit = form.onSubmit(({ alias }) =>
    mutation.mutate(alias, {
      onSuccess: (next) => {
        form.form.setFieldValue('alias', next.alias);
        setSaved(true);
      },
      onError: (failure) => {
        form.setServerError(failure);
        if (failure instanceof ApiError && failure.status === 409) {
          suggestAlias(alias).then(setSuggestion, () => setSuggestion(null));
        }
      },
    }),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="options-alias">
      <form
        onSubmit={(event) => {
          setSaved(false);
          setSuggestion(null);
          submit(event);
        }}
        noValidate
        aria-labelledby="options-alias-title"
      >
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="options-alias-title">
              {t('alias.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('alias.intro')}
            </Text>
          </div>
          {saved ? (
            <Alert color="teal" role="status" data-testid="options-alias-saved">
              {t('alias.saved', { alias: options.alias })}
            </Alert>
          ) : null}
          <FormGeneralError error={form.generalError} />
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              {...form.field('alias')}
              ref={input}
              label={t('alias.label')}
              description={t('alias.link', { url: `${publicHost()}/link/${normalized || '…'}` })}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              autoCapitalize="none"
              spellCheck={false}
              style={{ flex: '1 1 240px' }}
              data-testid="options-alias-input"
            />
          </Group>
          {suggestion ? (
            <Group gap="xs" aria-live="polite">
              <Text size="sm">{t('alias.suggestion')}</Text>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => {
                  form.form.setFieldValue('alias', suggestion);
                  input.current?.focus();
                }}
                data-testid="options-alias-suggestion"
              >
                {t('alias.useSuggestion', { alias: suggestion })}
              </Button>
            </Group>
          ) : null}
          {options.previousAliases.length > 0 ? (
            <div>
              <Text size="sm" fw={500}>
                {t('alias.previous')}
              </Text>
              <Text size="xs" c="dimmed" mb={6}>
                {t('alias.previousHint')}
              </Text>
              <Group gap={6} data-testid="options-previous-aliases">
                {options.previousAliases.map((old) => (
                  <Badge key={old} variant="light" color="gray" tt="none">
                    {old}
                  </Badge>
                ))}
              </Group>
            </div>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} disabled={normalized === options.alias} data-testid="options-alias-save">
              {t('alias.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
