import '../profiles.css';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Checkbox, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatNumber } from '@/lib/format';
import { useCollections } from '../api/collections';
import { useProfileList } from '../api/profiles';
import { BulkBar } from '../components/bulk-bar';
import { Icon } from '../components/icons';
import { ProfileFiltersBar } from '../components/profile-filters-bar';
import { ProfileTile } from '../components/profile-tile';
import { PAGE_SIZE, useProfileFilters } from '../components/use-profile-filters';
import { useProfileKind } from '../components/use-profile-kind';
import { useProfileQuota } from '../components/use-profile-quota';

const NONE: string[] = [];

type Feedback = { kind: 'success' | 'error'; message: string } | null;

/** /user/perfiles and /user/tamys: my cards or tags as a grid, with filters, pages and bulk actions. */
export default function ProfileListPage() {
  const { t } = useTranslation(['profiles', 'admin']);
  const { kind, base } = useProfileKind();
  const isCard = kind === 'card';
  usePageTitle(t(isCard ? 'list.cardsTitle' : 'list.tagsTitle'));
  const locale = useLocale();
  const { filters, update } = useProfileFilters();
  const query = useProfileList({
    kind,
    search: filters.search || undefined,
    folderId: filters.folderId,
    labelId: filters.labelId,
    sort: filters.sort,
    dir: filters.dir,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const folders = useCollections('folders', kind).data ?? [];
  const labels = useCollections('labels', kind).data ?? [];
  // The selection belongs to one list view (kind, filters, order, page): changing any of them starts empty,
  // so bulk actions never act on cards or tags the user can't see.
  const selectionKey = `${kind}|${filters.search}|${filters.folderId}|${filters.labelId}|${filters.sort}|${filters.dir}|${filters.page}`;
  const [selection, setSelection] = useState<{ key: string; ids: string[] }>({ key: selectionKey, ids: [] });
  const selected = selection.key === selectionKey ? selection.ids : NONE;
  const setSelected = (next: (current: string[]) => string[]) =>
    setSelection((current) => ({ key: selectionKey, ids: next(current.key === selectionKey ? current.ids : NONE) }));
  // After a bulk action or "clear", the bar disappears: focus goes to the select-all box (or the count).
  const selectAllRef = useRef<HTMLInputElement>(null);
  const totalRef = useRef<HTMLParagraphElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) (selectAllRef.current ?? totalRef.current)?.focus();
  }, [focusRequest]);
  const [feedback, setFeedback] = useState<Feedback>(null);

  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const hasFilters = Boolean(filters.search || filters.folderId || filters.labelId);
  const folderById = new Map(folders.map((f) => [f.id, f]));
  const labelById = new Map(labels.map((l) => [l.id, l]));
  const allOnPage = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const newPath = `${base}/new`;
  const quota = useProfileQuota(kind, locale);
  // A page past the end (shared link, last item trashed): go to the last page instead of "no results".
  const pastEnd = query.data !== undefined && !query.isPlaceholderData && rows.length === 0 && total > 0 && filters.page > 1;
  useEffect(() => {
    if (pastEnd) update({ page: pages > 1 ? String(pages) : null }, { replace: true });
  }, [pastEnd, pages, update]);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...new Set([...current, id])] : current.filter((x) => x !== id)));
  const toggleAll = (on: boolean) =>
    setSelected((current) =>
      on ? [...new Set([...current, ...rows.map((r) => r.id)])] : current.filter((id) => !rows.some((r) => r.id === id)),
    );

  return (
    <Stack gap="lg" data-testid="profile-list-page">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{t(isCard ? 'list.cardsTitle' : 'list.tagsTitle')}</Title>
          <Text c="dimmed">{t(isCard ? 'list.cardsSubtitle' : 'list.tagsSubtitle')}</Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={`${base}/carpetas`} variant="subtle" size="sm">
            {t('list.folders')}
          </Button>
          <Button component={Link} to={`${base}/etiquetas`} variant="subtle" size="sm">
            {t('list.labels')}
          </Button>
          <Button component={Link} to={newPath} leftSection={<Icon name="plus" />} data-testid="profile-create">
            {t(isCard ? 'list.newCard' : 'list.newTag')}
          </Button>
        </Group>
      </Group>
      <ProfileFiltersBar filters={filters} update={update} folders={folders} labels={labels} kind={kind} />
      {feedback ? (
        <Alert
          color={feedback.kind === 'success' ? 'teal' : 'red'}
          role={feedback.kind === 'success' ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel={t('admin:close')}
          onClose={() => setFeedback(null)}
          data-testid={`profiles-feedback-${feedback.kind}`}
        >
          {feedback.message}
        </Alert>
      ) : null}
      <Group justify="space-between" gap="xs" mih={28}>
        <Text ref={totalRef} tabIndex={-1} size="sm" c="dimmed" aria-live="polite" data-testid="profiles-total">
          {query.data
            ? t(isCard ? 'list.totalCards' : 'list.totalTags', { count: total, formatted: formatNumber(total, locale) })
            : '\u00a0'}
          {/* The plan's room, said plainly: a full plan is no alarm here (the first card is the one the
              product made); what it means is said when another is asked for (the editor's "new"). */}
          {query.data && quota.usage ? (
            <span data-testid="profiles-plan-usage">
              {' · '}
              {t(isCard ? 'list.planCards' : 'list.planTags', {
                count: quota.usage.limit,
                used: formatNumber(quota.usage.used, locale),
                limit: quota.limit,
              })}
            </span>
          ) : null}
        </Text>
        {rows.length > 0 ? (
          <Checkbox
            ref={selectAllRef}
            label={t('list.selectPage')}
            checked={allOnPage}
            indeterminate={!allOnPage && rows.some((r) => selected.includes(r.id))}
            onChange={(e) => toggleAll(e.currentTarget.checked)}
            data-testid="profiles-select-page"
          />
        ) : null}
      </Group>
      {query.isError && !query.data ? (
        <Alert color="red" role="alert" title={t('admin:list.errorTitle')} data-testid="profiles-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('admin:list.errorBody')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('admin:list.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : query.isPending || pastEnd ? (
        <div className="profile-grid" aria-busy="true" aria-label={t('loading')} data-testid="profiles-loading">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={190} radius="md" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center" data-testid="profiles-empty">
          <Stack align="center" gap="sm">
            <Title order={2} size="h3">
              {hasFilters ? t('list.noMatchTitle') : t(isCard ? 'list.emptyCardsTitle' : 'list.emptyTagsTitle')}
            </Title>
            <Text c="dimmed" maw={460}>
              {hasFilters ? t('list.noMatchBody') : t(isCard ? 'list.emptyCardsBody' : 'list.emptyTagsBody')}
            </Text>
            {hasFilters ? (
              <Button variant="light" onClick={() => update({ search: null, folder: null, label: null })}>
                {t('filters.clear')}
              </Button>
            ) : (
              <Button component={Link} to={newPath} size="md" leftSection={<Icon name="plus" />} data-testid="profiles-empty-create">
                {t(isCard ? 'list.createFirstCard' : 'list.createFirstTag')}
              </Button>
            )}
          </Stack>
        </Paper>
      ) : (
        <ul
          className="profile-grid"
          aria-label={t(isCard ? 'list.cardsTitle' : 'list.tagsTitle')}
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          {rows.map((profile) => (
            <li key={profile.id}>
              <ProfileTile
                profile={profile}
                base={base}
                folder={profile.folderId ? folderById.get(profile.folderId) : undefined}
                labels={profile.labelIds.map((id) => labelById.get(id)).filter((l) => l !== undefined)}
                selected={selected.includes(profile.id)}
                onSelect={(on) => toggle(profile.id, on)}
              />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(filters.page, pages)}
          onChange={(page) => update({ page: String(page) })}
          withEdges
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': t(`admin:pager.${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('admin:pager.page', { page }) })}
          data-testid="profiles-pager"
        />
      ) : null}
      {selected.length > 0 ? (
        <BulkBar
          kind={kind}
          selected={selected}
          folders={folders}
          labels={labels}
          onClear={() => {
            setSelected(() => []);
            setFocusRequest((n) => n + 1);
          }}
          onDone={(message) => {
            setFeedback(message === null ? null : { kind: 'success', message });
            setSelected(() => []);
            setFocusRequest((n) => n + 1);
          }}
          onError={(message) => setFeedback({ kind: 'error', message })}
        />
      ) : null}
    </Stack>
  );
}
