import { useState } from 'react';
import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomDomain } from '@enlaza/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError, LoadingRows } from '@/components/load-states';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { useCustomDomains } from '@/lib/api/custom-domains';
import { apiErrorMessage } from '@/lib/api-error-message';
import { formatNumber } from '@/lib/format';
import { useDeleteCustomDomain } from '../api/delete-custom-domain';
import { AddCustomDomainForm } from '../components/add-custom-domain-form';
import { CustomDomainCard } from '../components/custom-domain-card';

/** How many domains the plan allows, and what to do when it allows none. */
function PlanNote({ limit, used }: { limit: number; used: number }) {
  const { t } = useTranslation('custom-domains');
  const locale = useLocale();
  if (limit === 0)
    return (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="custom-domains-plan">
        <Stack gap="xs" align="flex-start">
          <Text size="sm" fw={600}>
            {t('plan.none')}
          </Text>
          <Text size="sm">{t('plan.noneBody')}</Text>
          <Button component={Link} to="/user/plans" size="xs" data-testid="custom-domains-plans">
            {t('plan.seePlans')}
          </Button>
        </Stack>
      </Paper>
    );
  return (
    <Text size="xs" c="dimmed" data-testid="custom-domains-plan">
      {t('plan.allows', { count: limit, formatted: formatNumber(limit, locale) })}{' '}
      {t(used >= limit ? 'plan.full' : 'plan.used', { count: used, formatted: formatNumber(used, locale) })}
    </Text>
  );
}

/**
 * /user/dominios: my own hosts for a card, a tag or my team's directory (reached from a card's share
 * panel and the team's directory). Each is verified once its TXT and CNAME records are found; then
 * links and QR codes use it.
 */
export default function CustomDomainsPage() {
  const { t } = useTranslation(['custom-domains', 'admin']);
  usePageTitle(t('title'));
  const query = useCustomDomains();
  const remove = useDeleteCustomDomain();
  const [deleting, setDeleting] = useState<CustomDomain | null>(null);

  const closeDelete = () => {
    if (remove.isPending) return;
    remove.reset();
    setDeleting(null);
  };
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify('success', t('delete.done', { host: deleting.host }));
        remove.reset();
        setDeleting(null);
      },
    });

  let body;
  if (query.isPending) body = <LoadingRows rows={2} height={180} testId="custom-domains-loading" />;
  else if (query.isError) body = <LoadError error={query.error} onRetry={() => void query.refetch()} testId="custom-domains-error" />;
  else {
    const { domains, limit } = query.data;
    body = (
      <>
        {limit > 0 ? (
          <AddCustomDomainForm full={domains.length >= limit} note={<PlanNote limit={limit} used={domains.length} />} />
        ) : (
          <PlanNote limit={0} used={domains.length} />
        )}
        {domains.length === 0 ? (
          limit > 0 ? (
            <Paper withBorder radius="md" p="lg" data-testid="custom-domains-empty">
              <Text fw={600}>{t('empty.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('empty.body')}
              </Text>
            </Paper>
          ) : null
        ) : (
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('listLabel')} data-testid="custom-domains">
            {domains.map((domain) => (
              <CustomDomainCard key={domain.id} domain={domain} onDelete={() => setDeleting(domain)} />
            ))}
          </Stack>
        )}
      </>
    );
  }

  return (
    <Stack gap="lg" maw={1000} w="100%" data-testid="custom-domains-page">
      <PageHeader title={t('title')} intro={t('intro')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby="custom-how-title">
        <Stack gap="xs">
          <Title order={2} size="h5" id="custom-how-title">
            {t('how.title')}
          </Title>
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>{t('how.add')}</List.Item>
            <List.Item>{t('how.publish')}</List.Item>
            <List.Item>{t('how.check')}</List.Item>
            <List.Item>{t('how.use')}</List.Item>
          </List>
          <Text size="xs" c="dimmed">
            {t('how.apex')}
          </Text>
        </Stack>
      </Paper>
      {body}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title', { host: deleting?.host ?? '' })}
        confirmLabel={t('delete.confirm')}
        danger
        loading={remove.isPending}
        error={remove.isError ? apiErrorMessage(remove.error, t) : null}
        onConfirm={() => void confirmDelete()}
        onClose={closeDelete}
      >
        {deleting ? t(deleting.status === 'verified' ? 'delete.bodyVerified' : 'delete.body', { host: deleting.host }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
