import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SMTP_RELAYS_MAX, type SmtpRelay } from '@enlaza/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError, LoadingRows } from '@/components/load-states';
import { notify } from '@/components/notifications';
import { usePageTitle } from '@/components/use-page-title';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useDeleteSmtpRelay } from '../api/delete-smtp-relay';
import { useSmtpRelays } from '../api/get-smtp-relays';
import { RelayDialog } from '../components/relay-dialog';
import { RelayRow } from '../components/relay-row';

/**
 * /admin/servidores-smtp: the SMTP servers campaigns and automations go out through. With none, the
 * server of the settings (SMTP_HOST) sends them; with some, sends are spread over the enabled ones,
 * each within its rate, and move to the others while one fails.
 */
export default function SmtpRelaysPage() {
  const { t } = useTranslation(['smtp-relays', 'admin', 'pages']);
  usePageTitle(t('pages:admin.servidoresSmtp'));
  const query = useSmtpRelays();
  const remove = useDeleteSmtpRelay();
  const [editing, setEditing] = useState<SmtpRelay | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SmtpRelay | null>(null);
  const relays = query.data ?? [];
  const full = relays.length >= SMTP_RELAYS_MAX;
  const enabled = relays.filter((relay) => relay.enabled).length;

  const closeDelete = () => {
    if (remove.isPending) return;
    remove.reset();
    setDeleting(null);
  };
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify('success', t('delete.done', { name: deleting.name }));
        remove.reset();
        setDeleting(null);
      },
    });

  let body;
  if (query.isPending) body = <LoadingRows rows={2} height={160} testId="smtp-relays-loading" />;
  else if (query.isError) body = <LoadError error={query.error} onRetry={() => void query.refetch()} testId="smtp-relays-error" />;
  else if (relays.length === 0)
    body = (
      <Paper withBorder radius="md" p="lg" data-testid="smtp-relays-empty">
        <Text fw={600}>{t('empty.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('empty.body')}
        </Text>
      </Paper>
    );
  else
    body = (
      <Stack gap="sm">
        <Text size="sm" data-testid="smtp-relays-summary">
          {enabled === 0 ? t('summary.noneEnabled') : t('summary.enabled', { count: enabled })}
        </Text>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')} data-testid="smtp-relays">
          {relays.map((relay) => (
            <RelayRow key={relay.id} relay={relay} onEdit={() => setEditing(relay)} onDelete={() => setDeleting(relay)} />
          ))}
        </Stack>
      </Stack>
    );

  return (
    <Stack gap="lg" maw={960} w="100%" data-testid="smtp-relays-page">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Title order={1}>{t('pages:admin.servidoresSmtp')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <Button disabled={!query.isSuccess || full} onClick={() => setEditing('new')} data-testid="smtp-relay-add">
          {t('add')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby="smtp-relays-how-title">
        <Stack gap={6}>
          <Title order={2} size="h5" id="smtp-relays-how-title">
            {t('how.title')}
          </Title>
          <Text size="sm">{t('how.fallback')}</Text>
          <Text size="sm">{t('how.spread')}</Text>
          <Text size="sm">{t('how.failover')}</Text>
        </Stack>
      </Paper>
      {body}
      {full ? (
        <Text size="sm" c="dimmed">
          {t('full', { count: SMTP_RELAYS_MAX })}
        </Text>
      ) : null}

      <RelayDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        editing={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete.confirm')}
        danger
        loading={remove.isPending}
        error={remove.isError ? apiErrorMessage(remove.error, t) : null}
        onConfirm={() => void confirmDelete()}
        onClose={closeDelete}
      >
        {deleting ? t(relays.length === 1 ? 'delete.bodyLast' : 'delete.body', { name: deleting.name }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
