import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { Contact } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorMessage } from '@/lib/api-error-message';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatNumber } from '@/lib/format';
import { useDeleteContact } from '../api/delete-contact';
import { useContactList } from '../api/get-contact-list';
import { useContacts } from '../api/get-contacts';
import { ConsentBadge } from '../components/consent-proofs';
import { PersonFieldsDialog } from '../components/person-fields-dialog';

/** /user/campanas/audiencia/:listId: one list's contacts, searchable, in pages; delete one. */
export default function ContactListPage() {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const { listId = '' } = useParams();
  const list = useContactList(listId);
  const [q, setQ] = useState('');
  const [fieldsOf, setFieldsOf] = useState<string | null>(null);
  const contacts = useContacts(listId, q.trim());
  const remove = useDeleteContact(listId);
  usePageTitle(list.data?.name ?? t('title'));
  const rows = contacts.data?.pages.flatMap((p) => p.data);

  return (
    <Stack gap="lg" maw={1000} w="100%" data-testid="contact-list-page">
      <Anchor component={Link} to="/user/campanas/audiencia" size="sm">
        {t('contacts.back')}
      </Anchor>
      <PageHeader
        title={list.data?.name ?? t('contacts.loading')}
        intro={
          list.data ? t('contacts.intro', { count: list.data.contacts, formatted: formatNumber(list.data.contacts, locale) }) : undefined
        }
      />
      {list.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(list.error, t)}
        </Alert>
      ) : (
        <>
          <TextInput label={t('contacts.search')} type="search" value={q} onChange={(e) => setQ(e.currentTarget.value)} maw={360} />
          {remove.isError ? (
            <Alert color="red" role="alert">
              {apiErrorMessage(remove.error, t)}
            </Alert>
          ) : null}
          <DataTable
            caption={t('contacts.caption')}
            testId="contacts-table"
            columns={[
              {
                key: 'email',
                header: t('contacts.email'),
                hideInCard: true,
                cell: (c: Contact) => <Text style={{ overflowWrap: 'anywhere' }}>{c.email}</Text>,
              },
              { key: 'name', header: t('contacts.name'), cell: (c) => c.name ?? '—' },
              { key: 'added', header: t('contacts.added'), cell: (c) => formatDate(c.createdAt, locale) },
              { key: 'status', header: t('contacts.status'), cell: (c) => <ConsentBadge pending={c.pending} /> },
            ]}
            rows={rows}
            rowKey={(c) => c.id}
            cardTitle={(c) => (
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {c.email}
              </Text>
            )}
            actionsHeader={t('actions')}
            actions={(c) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setFieldsOf(c.email)}
                  aria-label={t('personFields.buttonLabel', { email: c.email })}
                >
                  {t('personFields.button')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  loading={remove.isPending && remove.variables === c.id}
                  onClick={() => remove.mutate(c.id)}
                  aria-label={t('contacts.deleteLabel', { email: c.email })}
                >
                  {t('contacts.delete')}
                </Button>
              </Group>
            )}
            isLoading={contacts.isPending}
            error={contacts.error}
            onRetry={() => void contacts.refetch()}
            emptyText={q ? t('contacts.noMatch') : t('contacts.empty')}
          />
          {contacts.hasNextPage ? (
            <Group justify="center">
              <Button variant="light" loading={contacts.isFetchingNextPage} onClick={() => void contacts.fetchNextPage()}>
                {t('loadMore')}
              </Button>
            </Group>
          ) : null}
        </>
      )}
      <PersonFieldsDialog email={fieldsOf} onClose={() => setFieldsOf(null)} />
    </Stack>
  );
}
