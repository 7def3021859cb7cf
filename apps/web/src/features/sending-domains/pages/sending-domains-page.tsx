import { useState } from 'react';
import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SENDING_DOMAINS_PER_USER, type SendingDomain } from '@enlaza/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError, LoadingRows } from '@/components/load-states';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useDeleteSendingDomain } from '../api/delete-sending-domain';
import { useSendingDomains } from '../api/get-sending-domains';
import { AddDomainForm } from '../components/add-domain-form';
import { AddressDialog } from '../components/address-dialog';
import { DomainCard } from '../components/domain-card';

/**
 * /user/campanas/dominios: my own sending domains (reached from the campaigns' sender card). Until
 * one is verified and chosen, campaigns come "<name> via Enlaza"; then from the owner's address,
 * signed with the domain's DKIM key.
 */
export default function SendingDomainsPage() {
  const { t } = useTranslation(['sending-domains', 'admin']);
  usePageTitle(t('title'));
  const query = useSendingDomains();
  const remove = useDeleteSendingDomain();
  const [deleting, setDeleting] = useState<SendingDomain | null>(null);
  const [addressOf, setAddressOf] = useState<SendingDomain | null>(null);
  const full = (query.data?.length ?? 0) >= SENDING_DOMAINS_PER_USER;

  const closeDelete = () => {
    if (remove.isPending) return;
    remove.reset();
    setDeleting(null);
  };
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify('success', t('delete.done', { domain: deleting.domain }));
        remove.reset();
        setDeleting(null);
      },
    });

  let body;
  if (query.isPending) body = <LoadingRows rows={2} height={180} testId="sending-domains-loading" />;
  else if (query.isError) body = <LoadError error={query.error} onRetry={() => void query.refetch()} testId="sending-domains-error" />;
  else if (query.data.length === 0)
    body = (
      <Paper withBorder radius="md" p="lg" data-testid="sending-domains-empty">
        <Text fw={600}>{t('empty.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('empty.body')}
        </Text>
      </Paper>
    );
  else
    body = (
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')} data-testid="sending-domains">
        {query.data.map((domain) => (
          <DomainCard key={domain.id} domain={domain} onChangeAddress={() => setAddressOf(domain)} onDelete={() => setDeleting(domain)} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="lg" maw={1000} w="100%" data-testid="sending-domains-page">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        actions={
          <Button component={Link} to="/user/campanas" variant="default" data-testid="sending-domains-back">
            {t('back')}
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby="sending-how-title">
        <Stack gap="xs">
          <Title order={2} size="h5" id="sending-how-title">
            {t('how.title')}
          </Title>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>{t('how.add')}</List.Item>
            <List.Item>{t('how.publish')}</List.Item>
            <List.Item>{t('how.check')}</List.Item>
            <List.Item>{t('how.use')}</List.Item>
          </List>
          <Text size="xs" c="dimmed">
            {t('how.spf')}
          </Text>
        </Stack>
      </Paper>
      <AddDomainForm full={full} />
      {body}

      <AddressDialog key={addressOf?.id ?? 'closed'} domain={addressOf} onClose={() => setAddressOf(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { domain: deleting?.domain ?? '' })}
        confirmLabel={t('delete.confirm')}
        danger
        loading={remove.isPending}
        error={remove.isError ? apiErrorMessage(remove.error, t) : null}
        onConfirm={() => void confirmDelete()}
        onClose={closeDelete}
      >
        {deleting ? t(deleting.inUse ? 'delete.bodyInUse' : 'delete.body', { domain: deleting.domain }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
