import { useState } from 'react';
import { Anchor, Button, Stack, Tabs, Text } from '@mantine/core';
import type { ContactImportResult, ContactList } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatNumber } from '@/lib/format';
import { useDeleteList } from '../api/delete-list';
import { useContactLists } from '../api/get-contact-lists';
import { ImportReport, ImportWizard } from '../components/import-wizard';
import { ConsentTab } from '../components/consent-tab';
import { FieldsTab } from '../components/fields-tab';
import { SegmentsTab } from '../components/segments-tab';
import { SuppressionsTab } from '../components/suppressions-tab';
import { VisitorsTab } from '../components/visitors-tab';

export const listPath = (id: string) => `/user/campanas/audiencia/${id}`;

function ListsTab() {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const lists = useContactLists();
  const remove = useDeleteList();
  const [importing, setImporting] = useState(false);
  const [result, setResult] = useState<ContactImportResult | null>(null);
  const [deleting, setDeleting] = useState<ContactList | null>(null);

  return (
    <Stack gap="md" data-testid="lists-tab">
      {result ? <ImportReport result={result} onClose={() => setResult(null)} /> : null}
      {importing ? (
        <ImportWizard
          onCancel={() => setImporting(false)}
          onDone={(r) => {
            setResult(r);
            setImporting(false);
          }}
        />
      ) : (
        <div>
          <Button onClick={() => setImporting(true)} data-testid="import-open">
            {t('lists.import')}
          </Button>
        </div>
      )}
      <DataTable
        caption={t('lists.caption')}
        testId="lists-table"
        columns={[
          {
            key: 'name',
            header: t('lists.name'),
            hideInCard: true,
            cell: (l: ContactList) => (
              <Anchor component={Link} to={listPath(l.id)}>
                {l.name}
              </Anchor>
            ),
          },
          {
            key: 'contacts',
            header: t('lists.contacts'),
            cell: (l) => <span data-testid="list-count">{formatNumber(l.contacts, locale)}</span>,
          },
          { key: 'created', header: t('lists.created'), cell: (l) => formatDate(l.createdAt, locale) },
        ]}
        rows={lists.data}
        rowKey={(l) => l.id}
        cardTitle={(l) => (
          <Anchor component={Link} to={listPath(l.id)} fw={600}>
            {l.name}
          </Anchor>
        )}
        actionsHeader={t('actions')}
        actions={(l) => (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => setDeleting(l)}
            aria-label={t('lists.deleteLabel', { name: l.name })}
          >
            {t('lists.delete')}
          </Button>
        )}
        isLoading={lists.isPending}
        error={lists.error}
        onRetry={() => void lists.refetch()}
        emptyText={t('lists.empty')}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('lists.deleteTitle')}
        confirmLabel={t('lists.delete')}
        danger
        loading={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error, t) : null}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      >
        {t('lists.deleteText', { name: deleting?.name ?? '', count: deleting?.contacts ?? 0 })}
      </ConfirmDialog>
    </Stack>
  );
}

const TABS = ['contactos', 'listas', 'campos', 'segmentos', 'supresiones', 'consentimiento'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * /user/campanas/audiencia: all contacts (the consenting visitors campaigns reach), imported contact
 * lists, contact fields, segments, the suppression list and how consents are taken (double opt-in)
 * (tabs, kept in the URL; all contacts first; they wrap on a phone).
 */
export default function AudiencePage() {
  const { t } = useTranslation('audience');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'contactos';
  return (
    <Stack gap="lg" maw={1000} w="100%" data-testid="audience-page">
      <PageHeader title={t('title')} intro={t('intro')} />
      <Tabs
        value={tab}
        onChange={(value) => setParams(isTab(value) && value !== 'contactos' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="contactos" data-testid="tab-visitors">
            {t('tabs.visitors')}
          </Tabs.Tab>
          <Tabs.Tab value="listas" data-testid="tab-lists">
            {t('tabs.lists')}
          </Tabs.Tab>
          <Tabs.Tab value="campos" data-testid="tab-fields">
            {t('tabs.fields')}
          </Tabs.Tab>
          <Tabs.Tab value="segmentos" data-testid="tab-segments">
            {t('tabs.segments')}
          </Tabs.Tab>
          <Tabs.Tab value="supresiones" data-testid="tab-suppressions">
            {t('tabs.suppressions')}
          </Tabs.Tab>
          <Tabs.Tab value="consentimiento" data-testid="tab-consent">
            {t('tabs.consent')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contactos" pt="md">
          <VisitorsTab />
        </Tabs.Panel>
        <Tabs.Panel value="listas" pt="md">
          <ListsTab />
        </Tabs.Panel>
        <Tabs.Panel value="campos" pt="md">
          <FieldsTab />
        </Tabs.Panel>
        <Tabs.Panel value="segmentos" pt="md">
          <SegmentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="supresiones" pt="md">
          <SuppressionsTab />
        </Tabs.Panel>
        <Tabs.Panel value="consentimiento" pt="md">
          <ConsentTab />
        </Tabs.Panel>
      </Tabs>
      <Text size="sm" c="dimmed">
        {t('consentNote')}
      </Text>
    </Stack>
  );
}
