import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SCIM_TOKENS_PER_TEAM, type ScimToken } from '@enlaza/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormGeneralError } from '@/components/form-general-error';
import { ShowOnceSecret } from '@/components/show-once-secret';
import { useLocale } from '@/components/use-locale';
import { apiErrorMessage } from '@/lib/api-error-message';
import { formatDateTime } from '@/lib/format';
import { useCreateScimToken } from '../api/create-scim-token';
import { useRevokeScimToken } from '../api/revoke-scim-token';

/** A name, then the token shown this once with a copy button (the server asks for a fresh proof first). */
function CreateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('scim');
  const mutation = useCreateScimToken();
  const [name, setName] = useState('');
  const token = mutation.data?.token;
  const close = () => {
    if (mutation.isPending) return;
    setName('');
    // Forgets the token: it is never shown again.
    mutation.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={token ? t('tokens.createdTitle') : t('tokens.createTitle')} centered>
      {token ? (
        <ShowOnceSecret secret={token} notice={t('tokens.shownOnce')} testId="scim-token-secret" onDone={close} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            mutation.mutate(name.trim());
          }}
          noValidate
        >
          <Stack gap="md">
            <TextInput
              label={t('tokens.name')}
              description={t('tokens.nameHint')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={60}
              required
              data-autofocus
              data-testid="scim-token-name"
            />
            <FormGeneralError error={mutation.error ? apiErrorMessage(mutation.error, t) : null} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                {t('tokens.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} disabled={!name.trim()} data-testid="scim-token-create-submit">
                {t('tokens.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The team's SCIM tokens: made and revoked by the owner; an admin sees them. */
export function TokensPanel({ tokens, isOwner }: { tokens: ScimToken[]; isOwner: boolean }) {
  const { t } = useTranslation('scim');
  const locale = useLocale();
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<ScimToken | null>(null);
  const revoke = useRevokeScimToken();
  const live = tokens.filter((token) => !token.revokedAt);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-labelledby="scim-tokens-title" data-testid="scim-tokens">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h4" id="scim-tokens-title">
              {t('tokens.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {isOwner ? t('tokens.intro', { max: SCIM_TOKENS_PER_TEAM }) : t('tokens.ownerOnly')}
            </Text>
          </div>
          {isOwner ? (
            <Button onClick={() => setCreating(true)} disabled={live.length >= SCIM_TOKENS_PER_TEAM} data-testid="scim-token-create">
              {t('tokens.new')}
            </Button>
          ) : null}
        </Group>
        {tokens.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="scim-tokens-empty">
            {t('tokens.empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {tokens.map((token) => (
              <Paper component="li" key={token.id} withBorder radius="sm" p="sm" data-testid={`scim-token-${token.id}`}>
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{token.name}</Text>
                      {token.revokedAt ? <Badge color="gray">{t('tokens.revoked')}</Badge> : <Badge color="teal">{t('tokens.live')}</Badge>}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('tokens.created', { when: formatDateTime(token.createdAt, locale), who: token.createdBy ?? '—' })}
                      {' · '}
                      {token.lastUsedAt ? t('tokens.lastUsed', { when: formatDateTime(token.lastUsedAt, locale) }) : t('tokens.neverUsed')}
                    </Text>
                  </Stack>
                  {isOwner && !token.revokedAt ? (
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      onClick={() => setConfirming(token)}
                      data-testid={`scim-token-revoke-${token.id}`}
                    >
                      {t('tokens.revoke')}
                    </Button>
                  ) : null}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <CreateDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={confirming !== null}
        title={t('tokens.revokeTitle')}
        confirmLabel={t('tokens.revoke')}
        danger
        loading={revoke.isPending}
        error={revoke.error ? apiErrorMessage(revoke.error, t) : null}
        onConfirm={() => confirming && revoke.mutate(confirming.id, { onSuccess: () => setConfirming(null) })}
        onClose={() => setConfirming(null)}
      >
        {t('tokens.revokeBody', { name: confirming?.name ?? '' })}
      </ConfirmDialog>
    </Paper>
  );
}
