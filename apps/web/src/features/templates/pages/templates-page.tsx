import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MERGE_FIELD_NAMES } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { useUndoTrash } from '@/components/use-undo-trash';
import { formatDateTime } from '@/lib/format';
import { useTemplate } from '../api/get-template';
import { useTemplates } from '../api/get-templates';
import { useTrashTemplate } from '../api/trash-template';
import { TemplateEditor } from '../components/template-editor';

/** /user/plantillas: email templates; `?edit=new` or `?edit=<id>` opens the editor beside the list. */
export default function TemplatesPage() {
  const { t } = useTranslation(['templates', 'admin']);
  usePageTitle(t('title'));
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const editing = params.get('edit');
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const list = useTemplates(search);
  const current = useTemplate(editing && editing !== 'new' ? editing : null);
  const trash = useTrashTemplate();
  const undoTrash = useUndoTrash();
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const open = (id: string | null) => setParams(id ? { edit: id } : {}, { replace: false });

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        intro={t('intro', { example: `{{${MERGE_FIELD_NAMES[locale].nombre}}}` })}
        actions={
          <Button onClick={() => open('new')} data-testid="template-new">
            {t('new')}
          </Button>
        }
      />
      {editing ? (
        editing === 'new' ? (
          <TemplateEditor key="new" template={null} onSaved={(saved) => open(saved.id)} onClose={() => open(null)} />
        ) : current.isPending ? (
          <Skeleton height={400} aria-busy="true" />
        ) : current.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(current.error, t)}
          </Alert>
        ) : (
          <TemplateEditor key={current.data.id} template={current.data} onSaved={() => undefined} onClose={() => open(null)} />
        )
      ) : null}
      <TextInput label={t('search')} value={searchInput} onChange={(e) => setSearchInput(e.currentTarget.value)} maw={420} />
      {list.isPending ? (
        <Center py="xl" aria-busy="true">
          <Loader size="sm" aria-label={t('loading')} />
        </Center>
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(list.error, t)}
        </Alert>
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">{search ? t('noMatch') : t('empty')}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" role="list" aria-label={t('listLabel')}>
          {rows.map((row) => (
            <Paper key={row.id} withBorder p="md" radius="md" role="listitem" data-testid="template-row">
              <Stack gap={4}>
                <Text fw={600} lineClamp={1}>
                  {row.name}
                </Text>
                <Text size="sm" lineClamp={1}>
                  {row.subject}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('edited', { date: formatDateTime(row.updatedAt, locale) })}
                </Text>
                <Group gap="xs" mt="xs">
                  <Button size="xs" variant="light" onClick={() => open(row.id)} aria-label={t('editNamed', { name: row.name })}>
                    {t('edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('trashNamed', { name: row.name })}
                    onClick={() =>
                      trash.mutate(row.id, {
                        onSuccess: () => {
                          if (editing === row.id) open(null);
                          undoTrash('email_template', [row.id], t('trashed', { name: row.name }));
                        },
                        onError: (error) => notify('error', apiErrorMessage(error, t)),
                      })
                    }
                  >
                    {t('trash')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {list.hasNextPage ? (
        <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} w="fit-content">
          {t('more')}
        </Button>
      ) : null}
    </Stack>
  );
}
