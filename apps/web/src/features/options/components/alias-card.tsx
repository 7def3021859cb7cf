import { useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserOptions } from '@enlaza/contracts';
import { ApiError } from '@/lib/http';
import { useChangeAlias } from '../api/change-alias';
import { suggestAlias } from '../api/suggest-alias';
import { publicHost } from '@/lib/public-url';

const ALIAS_PATTERN = /^[a-z0-9-]{3,30}$/;

/** The public alias of the links; old aliases keep redirecting. */
export function AliasCard({ options }: { options: UserOptions }) {
  const { t } = useTranslation('options');
  const mutation = useChangeAlias();
  const [alias, setAlias] = useState(options.alias);
  const [error, setError] = useState<string | undefined>();
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const normalized = alias.trim().toLowerCase();

  const fail = (message: string) => {
    setError(message);
    input.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    setSuggestion(null);
    if (!ALIAS_PATTERN.test(normalized)) return fail(t('alias.invalid'));
    if (normalized === options.alias) return fail(t('alias.same'));
    setError(undefined);
    mutation.mutate(normalized, {
      onSuccess: (next) => {
        setAlias(next.alias);
        setSaved(true);
      },
      onError: (failure) => {
        if (!(failure instanceof ApiError)) return;
        const message = failure.fieldErrors?.alias?.[0];
        if (message) fail(message);
        if (failure.status === 409) {
          suggestAlias(normalized).then(setSuggestion, () => setSuggestion(null));
        }
      },
    });
  };

  const failure = mutation.error;
  const generalError =
    failure && !(failure instanceof ApiError && failure.fieldErrors?.alias)
      ? failure instanceof ApiError && failure.status === 0
        ? t('errors.network')
        : failure.message
      : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="options-alias">
      <form onSubmit={submit} noValidate aria-labelledby="options-alias-title">
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
          {generalError ? (
            <Alert color="red" role="alert">
              {generalError}
            </Alert>
          ) : null}
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              ref={input}
              label={t('alias.label')}
              description={t('alias.link', { url: `${publicHost()}/link/${normalized || '…'}` })}
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              value={alias}
              onChange={(event) => {
                setAlias(event.currentTarget.value);
                setError(undefined);
                setSuggestion(null);
                setSaved(false);
              }}
              error={error}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={30}
              required
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
                  setAlias(suggestion);
                  setError(undefined);
                  setSuggestion(null);
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
