import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, Group, Modal, Paper, Radio, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  API_TOKEN_EXPIRIES,
  API_TOKEN_SCOPES,
  API_TOKENS_PER_USER,
  createApiTokenBodySchema,
  type ApiToken,
  type ApiTokenScope,
} from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { ShowOnceSecret } from '@/components/show-once-secret';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCreateApiToken } from '../api/create-api-token';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';

/** i18next reads ':' as its namespace separator, so a scope's label key spells it with '_'. */
const scopeKey = (scope: ApiTokenScope) => `tokens.scope.${scope.replace(':', '_')}` as const;

/** The create dialog: name, scopes and lifetime; then the secret, shown this once, with a copy button. */
function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('options');
  const mutation = useCreateApiToken();
  const form = useContractForm(createApiTokenBodySchema, {
    initialValues: { name: '', scopes: [] as string[], expiresIn: '90' },
    messages: { scopes: t('tokens.scopesRequired') },
  });
  const secret = mutation.data?.secret;

  const close = () => {
    if (mutation.isPending) return;
    form.form.reset();
    form.setGeneralError(null);
    // Forgets the secret: it is never shown again.
    mutation.reset();
    onClose();
  };

  const submit = form.onSubmit((body) => mutation.mutate(body, { onError: form.setServerError }));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={secret ? t('tokens.createdTitle') : t('tokens.createTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('tokens.close') }}
    >
      {secret ? (
        <ShowOnceSecret secret={secret} notice={t('tokens.shownOnce')} testId="options-token-secret" onDone={close} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              {...form.field('name')}
              label={t('tokens.name')}
              description={t('tokens.nameHint')}
              data-autofocus
              data-testid="options-token-name"
            />
            <Checkbox.Group
              label={t('tokens.scopes')}
              withAsterisk
              value={form.values.scopes}
              onChange={(scopes) => form.form.setFieldValue('scopes', scopes)}
              error={form.errorOf('scopes')}
              data-path="scopes"
            >
              <Stack gap={6} mt="xs">
                {API_TOKEN_SCOPES.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={t(scopeKey(scope))}
                    description={<Code>{scope}</Code>}
                    data-testid={`options-token-scope-${scope}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Radio.Group
              label={t('tokens.expiry')}
              value={form.values.expiresIn}
              onChange={(value) => form.form.setFieldValue('expiresIn', value)}
            >
              <Group gap="md" mt="xs">
                {API_TOKEN_EXPIRIES.map((expiry) => (
                  <Radio
                    key={expiry}
                    value={expiry}
                    label={expiry === 'never' ? t('tokens.expiryNever') : t('tokens.expiryDays', { count: Number(expiry) })}
                  />
                ))}
              </Group>
            </Radio.Group>
            <FormGeneralError error={form.generalError} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                {t('tokens.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} data-testid="options-token-create-submit">
                {t('tokens.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** One token: its name, scopes, and when it was created, expires and was last used; a way to revoke it. */
function TokenRow({ token, now, onRevoke }: { token: ApiToken; now: number; onRevoke: () => void }) {
  const { t } = useTranslation('options');
  const locale = useLocale();
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= now;
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-testid="options-token">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="options-token-label">
              {token.name}
            </Text>
            {expired ? (
              <Badge variant="light" color="red" tt="none">
                {t('tokens.expiredBadge')}
              </Badge>
            ) : null}
          </Group>
          <Group gap={4} wrap="wrap" aria-label={t('tokens.scopes')}>
            {token.scopes.map((scope) => (
              <Badge key={scope} variant="light" tt="none" title={scope}>
                {t(scopeKey(scope))}
              </Badge>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            {t('tokens.created', { when: formatDateTime(token.createdAt, locale) })}
            {' · '}
            {token.expiresAt === null
              ? t('tokens.neverExpires')
              : t(expired ? 'tokens.expiredOn' : 'tokens.expires', { when: formatDateTime(token.expiresAt, locale) })}
            {' · '}
            {token.lastUsedAt === null ? t('tokens.neverUsed') : t('tokens.lastUsed', { when: formatDateTime(token.lastUsedAt, locale) })}
          </Text>
        </Stack>
        <Button
          variant="light"
          color="red"
          size="xs"
          onClick={onRevoke}
          aria-label={t('tokens.revokeOne', { name: token.name })}
          data-testid="options-token-revoke"
        >
          {t('tokens.revoke')}
        </Button>
      </Group>
    </Paper>
  );
}

/** Opciones: personal access tokens for scripts calling the API, created with scopes and a lifetime, revocable. */
export function ApiTokensCard() {
  const { t } = useTranslation('options');
  const query = useApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<ApiToken | null>(null);
  // When the card opened: enough to mark tokens that have expired (render stays pure).
  const [now] = useState(() => Date.now());
  const full = (query.data?.length ?? 0) >= API_TOKENS_PER_USER;

  const closeConfirm = () => {
    if (!revoke.isPending) setConfirming(null);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="options-tokens">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('tokens.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('tokens.intro')}
          </Text>
        </div>
        {query.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('tokens.loading')}>
            <Skeleton height={64} />
          </Stack>
        ) : query.isError ? (
          <Alert color="red" role="alert" title={t('tokens.loadFailed')}>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : query.data.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="options-tokens-empty">
            {t('tokens.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('tokens.title')}>
            {query.data.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                now={now}
                onRevoke={() => {
                  revoke.reset();
                  setConfirming(token);
                }}
              />
            ))}
          </Stack>
        )}
        <div aria-live="polite">
          {revoke.isSuccess ? (
            <Alert color="teal" role="status" data-testid="options-tokens-done">
              {t('tokens.revoked')}
            </Alert>
          ) : null}
        </div>
        {full ? (
          <Text size="sm" c="dimmed" data-testid="options-tokens-full">
            {t('tokens.full', { count: API_TOKENS_PER_USER })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button disabled={!query.isSuccess || full} onClick={() => setCreating(true)} data-testid="options-token-create">
            {t('tokens.create')}
          </Button>
        </Group>
      </Stack>
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <Modal
        opened={confirming !== null}
        onClose={closeConfirm}
        title={t('tokens.revokeTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('tokens.cancel') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('tokens.revokeBody', { name: confirming?.name ?? '' })}</Text>
          {revoke.isError ? (
            <Alert color="red" role="alert" data-testid="options-tokens-error">
              {apiErrorMessage(revoke.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={closeConfirm}
              disabled={revoke.isPending}
              data-autofocus
              data-testid="options-token-revoke-cancel"
            >
              {t('tokens.cancel')}
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => {
                if (confirming) revoke.mutate(confirming.id, { onSuccess: () => setConfirming(null) });
              }}
              data-testid="options-token-revoke-confirm"
            >
              {t('tokens.revokeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
