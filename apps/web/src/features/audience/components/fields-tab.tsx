import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { MAX_CONTACT_FIELDS, type ContactField } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { apiErrorMessage } from '@/lib/api-error-message';
import { formatNumber } from '@/lib/format';
import { useDeleteContactField } from '../api/delete-contact-field';
import { useContactFields } from '../api/get-contact-fields';
import { FieldFormModal } from './field-form-modal';

/** My contact fields: what each holds, whether my forms ask for it, how many addresses have one; add, edit, delete. */
export function FieldsTab() {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const fields = useContactFields();
  const remove = useDeleteContactField();
  const [editing, setEditing] = useState<ContactField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContactField | null>(null);
  const full = (fields.data?.length ?? 0) >= MAX_CONTACT_FIELDS;

  return (
    <Stack gap="md" data-testid="fields-tab">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" maw={620}>
          {t('fields.intro')}
        </Text>
        <Stack gap={4} align="flex-end">
          <Button onClick={() => setEditing('new')} disabled={full || !fields.data} data-testid="field-add">
            {t('fields.addButton')}
          </Button>
          {full ? (
            <Text size="xs" c="dimmed">
              {t('fields.max', { max: MAX_CONTACT_FIELDS })}
            </Text>
          ) : null}
        </Stack>
      </Group>
      <DataTable
        caption={t('fields.caption')}
        testId="fields-table"
        columns={[
          {
            key: 'name',
            header: t('fields.name'),
            hideInCard: true,
            cell: (f: ContactField) => (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {f.name}
              </Text>
            ),
          },
          { key: 'type', header: t('fields.type'), cell: (f) => t(`fields.types.${f.type}`) },
          {
            key: 'choices',
            header: t('fields.choices'),
            cell: (f) =>
              f.choices.length ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {f.choices.join(', ')}
                </Text>
              ) : (
                <Text size="sm" c="dimmed" aria-label={t('fields.noChoices')}>
                  —
                </Text>
              ),
          },
          {
            key: 'onForm',
            header: t('fields.onFormHeader'),
            cell: (f) => (
              <Badge variant="light" color={f.onForm ? 'teal' : 'gray'} data-testid="field-on-form-badge">
                {f.onForm ? t('fields.yes') : t('fields.no')}
              </Badge>
            ),
          },
          {
            key: 'filled',
            header: t('fields.filled'),
            cell: (f) => (
              <span data-testid="field-filled">
                {t('fields.filledCount', { count: f.filled, formatted: formatNumber(f.filled, locale) })}
              </span>
            ),
          },
        ]}
        rows={fields.data}
        rowKey={(f) => f.id}
        cardTitle={(f) => (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {f.name}
          </Text>
        )}
        actionsHeader={t('actions')}
        actions={(f) => (
          <Group gap="xs" wrap="wrap">
            <Button size="xs" variant="light" onClick={() => setEditing(f)} aria-label={t('fields.editLabel', { name: f.name })}>
              {t('fields.edit')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setDeleting(f)}
              aria-label={t('fields.deleteLabel', { name: f.name })}
            >
              {t('fields.delete')}
            </Button>
          </Group>
        )}
        isLoading={fields.isPending}
        error={fields.error}
        onRetry={() => void fields.refetch()}
        emptyText={t('fields.empty')}
      />
      {editing ? <FieldFormModal field={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('fields.deleteTitle')}
        confirmLabel={t('fields.delete')}
        danger
        loading={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error, t) : null}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      >
        {t('fields.deleteText', { name: deleting?.name ?? '', count: deleting?.filled ?? 0 })}
      </ConfirmDialog>
    </Stack>
  );
}
