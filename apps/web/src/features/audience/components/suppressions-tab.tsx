import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { suppressionCreateBodySchema, type Suppression } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { FormGeneralError } from '@/components/form-general-error';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { formatDateTime } from '@/lib/format';
import { useAddSuppression } from '../api/add-suppression';
import { useSuppressions } from '../api/get-suppressions';
import { useRemoveSuppression } from '../api/remove-suppression';

/** The suppression list: addresses never emailed again; add by hand, remove (never an unsubscribed one). */
export function SuppressionsTab() {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const [q, setQ] = useState('');
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const list = useSuppressions(q.trim());
  const add = useAddSuppression();
  const remove = useRemoveSuppression();
  const rows = list.data?.pages.flatMap((p) => p.data);
  const form = useContractForm(suppressionCreateBodySchema, {
    initialValues: { email: '' },
    toBody: ({ email }) => ({ email: email.trim() }),
  });
  const submit = form.onSubmit(({ email }) => add.mutate(email, { onSuccess: () => form.form.reset(), onError: form.setServerError }));
  return (
    <Stack gap="md" data-testid="suppressions-tab">
      <Text size="sm" c="dimmed">
        {t('suppressions.intro')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FormGeneralError error={form.generalError} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              {...form.field('email')}
              label={t('suppressions.add')}
              type="email"
              style={{ flex: '1 1 240px' }}
              data-testid="suppression-email"
            />
            <Button type="submit" loading={add.isPending} data-testid="suppression-add">
              {t('suppressions.addButton')}
            </Button>
          </Group>
        </Stack>
      </form>
      <TextInput label={t('suppressions.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} maw={360} type="search" />
      <DataTable
        caption={t('suppressions.caption')}
        testId="suppressions-table"
        columns={[
          {
            key: 'email',
            header: t('suppressions.email'),
            cell: (r: Suppression) => <Text style={{ overflowWrap: 'anywhere' }}>{r.email}</Text>,
            hideInCard: true,
          },
          {
            key: 'reason',
            header: t('suppressions.reason'),
            cell: (r) => (
              <Badge variant="light" color={r.reason === 'unsubscribed' ? 'orange' : 'gray'}>
                {t(`reasons.${r.reason}`)}
              </Badge>
            ),
          },
          { key: 'date', header: t('suppressions.date'), cell: (r) => formatDateTime(r.createdAt, locale) },
        ]}
        rows={rows}
        rowKey={(r) => r.email}
        cardTitle={(r) => (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {r.email}
          </Text>
        )}
        actionsHeader={t('actions')}
        actions={(r) =>
          r.reason === 'unsubscribed' ? (
            <Text size="xs" c="dimmed">
              {t('suppressions.locked')}
            </Text>
          ) : (
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setRemoving(r)}
              aria-label={t('suppressions.removeLabel', { email: r.email })}
            >
              {t('suppressions.remove')}
            </Button>
          )
        }
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={q ? t('suppressions.noMatch') : t('suppressions.empty')}
      />
      {list.hasNextPage ? (
        <Group justify="center">
          <Button variant="light" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('loadMore')}
          </Button>
        </Group>
      ) : null}
      {list.isFetchNextPageError ? (
        <Alert color="red" role="alert">
          {t('loadError')}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        title={t('suppressions.removeTitle')}
        confirmLabel={t('suppressions.remove')}
        danger
        loading={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error, t) : null}
        onConfirm={() => removing && remove.mutate(removing.email, { onSuccess: () => setRemoving(null) })}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
      >
        {t('suppressions.removeText', { email: removing?.email ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
