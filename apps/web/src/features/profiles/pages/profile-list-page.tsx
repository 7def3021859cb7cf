import '../profiles.css';
import { useEffect, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Checkbox, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProfileKind } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatNumber } from '@/lib/format';
import { useCollections } from '../api/get-collections';
import { useProfileList } from '../api/get-profile-list';
import { BulkBar } from '../components/bulk-bar';
import { Icon } from '../components/icons';
import { ProfileFiltersBar } from '../components/profile-filters-bar';
import { ProfileListResults } from '../components/profile-list-results';
import { PAGE_SIZE, useProfileFilters } from '../components/use-profile-filters';
import { useProfileKind } from '../components/use-profile-kind';
import { useProfileQuota } from '../components/use-profile-quota';
import { useProfileSelection } from '../components/use-profile-selection';

type Feedback = { kind: 'success' | 'error'; message: string } | null;

/** /user/perfiles and /user/tamys: my cards or tags as a grid, with filters, pages and bulk actions. */
export default function ProfileListPage() {
  const { t } = useTranslation(['profiles', 'admin']);
  const { kind, base } = useProfileKind();
  const isCard = kind === 'card';
  usePageTitle(t(isCard ? 'list.cardsTitle' : 'list.tagsTitle'));
  const { filters, update, query, rows, total, pages, pastEnd } = useListedProfiles(kind);
  const folders = useCollections('folders', kind).data ?? [];
  const labels = useCollections('labels', kind).data ?? [];
  const selectionKey = `${kind}|${filters.search}|${filters.folderId}|${filters.labelId}|${filters.sort}|${filters.dir}|${filters.page}`;
  const { selected, allOnPage, someOnPage, selectAllRef, totalRef, toggle, toggleAll, clear } = useProfileSelection(
    selectionKey,
    rows.map((r) => r.id),
  );
  const [feedback, setFeedback] = useState<Feedback>(null);
  const hasFilters = Boolean(filters.search || filters.folderId || filters.labelId);

  return (
    <Stack gap="lg" data-testid="profile-list-page">
      <ListHeader isCard={isCard} base={base} />
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
        <ListTotal kind={kind} total={query.data ? total : null} textRef={totalRef} />
        {rows.length > 0 ? (
          <Checkbox
            ref={selectAllRef}
            label={t('list.selectPage')}
            checked={allOnPage}
            indeterminate={someOnPage}
            onChange={(e) => toggleAll(e.currentTarget.checked)}
            data-testid="profiles-select-page"
          />
        ) : null}
      </Group>
      <ProfileListResults
        isCard={isCard}
        base={base}
        rows={rows}
        failure={query.isError && !query.data ? query.error : null}
        onRetry={() => void query.refetch()}
        loading={query.isPending || pastEnd}
        stale={query.isPlaceholderData}
        hasFilters={hasFilters}
        onClearFilters={() => update({ search: null, folder: null, label: null })}
        folders={folders}
        labels={labels}
        selected={selected}
        onSelect={toggle}
      />
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
          onClear={clear}
          onDone={(message) => {
            setFeedback(message === null ? null : { kind: 'success', message });
            clear();
          }}
          onError={(message) => setFeedback({ kind: 'error', message })}
        />
      ) : null}
    </Stack>
  );
}

/**
 * The page of my cards or tags the URL's filters ask for. A page past the end (a shared link, the
 * last one trashed) moves to the last page instead of saying "no results".
 */
function useListedProfiles(kind: ProfileKind) {
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
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pastEnd = query.data !== undefined && !query.isPlaceholderData && rows.length === 0 && total > 0 && filters.page > 1;
  useEffect(() => {
    if (pastEnd) update({ page: pages > 1 ? String(pages) : null }, { replace: true });
  }, [pastEnd, pages, update]);
  return { filters, update, query, rows, total, pages, pastEnd };
}

/** The title, and the ways to folders, labels and a new card or tag. */
function ListHeader({ isCard, base }: { isCard: boolean; base: string }) {
  const { t } = useTranslation('profiles');
  return (
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
        <Button component={Link} to={`${base}/new`} leftSection={<Icon name="plus" />} data-testid="profile-create">
          {t(isCard ? 'list.newCard' : 'list.newTag')}
        </Button>
      </Group>
    </Group>
  );
}

/** How many there are (null: not known yet) and the plan's room; focused when a bulk action empties the selection. */
function ListTotal({ kind, total, textRef }: { kind: ProfileKind; total: number | null; textRef: RefObject<HTMLParagraphElement | null> }) {
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  const isCard = kind === 'card';
  const quota = useProfileQuota(kind, locale);
  return (
    <Text ref={textRef} tabIndex={-1} size="sm" c="dimmed" aria-live="polite" data-testid="profiles-total">
      {total !== null
        ? t(isCard ? 'list.totalCards' : 'list.totalTags', { count: total, formatted: formatNumber(total, locale) })
        : '\u00a0'}
      {/* The plan's room, said plainly: a full plan is no alarm here (the first card is the one the
          product made); what it means is said when another is asked for (the editor's "new"). */}
      {total !== null && quota.usage ? (
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
  );
}
