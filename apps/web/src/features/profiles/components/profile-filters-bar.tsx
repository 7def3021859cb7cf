import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Collection, ProfileKind } from '@enlaza/contracts';
import { SelectField } from '@/components/select-field';
import { useUrlTextFilter } from '@/components/use-url-text-filter';
import type { ProfileFilters, UpdateProfileFilters } from './use-profile-filters';

/** Sort choices as one select: "field:dir". */
const SORTS = ['updatedAt:desc', 'createdAt:desc', 'createdAt:asc', 'name:asc', 'name:desc'] as const;

interface Props {
  filters: ProfileFilters;
  update: UpdateProfileFilters;
  folders: Collection[];
  labels: Collection[];
  /** The search looks at names: the hint says a card's or a tag's name. */
  kind?: ProfileKind;
}

/** Search (debounced), folder and label filters, and the order. */
export function ProfileFiltersBar({ filters, update, folders, labels, kind = 'card' }: Props) {
  const { t } = useTranslation('profiles');
  const [search, setSearch] = useUrlTextFilter(filters.search, (value) => update({ search: value }, { replace: true }));

  const sortValue = `${filters.sort}:${filters.dir}`;
  const hasFilters = Boolean(filters.search || filters.folderId || filters.labelId);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t('filters.search')}
        placeholder={t(kind === 'tag' ? 'filters.searchPlaceholderTag' : 'filters.searchPlaceholderCard')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        style={{ flex: '2 1 14rem' }}
        data-testid="profiles-search"
      />
      <SelectField
        label={t('filters.folder')}
        value={filters.folderId ?? ''}
        onChange={(value) => update({ folder: value || null })}
        data={[
          { value: '', label: t('filters.anyFolder') },
          { value: 'none', label: t('filters.noFolder') },
          ...folders.map((f) => ({ value: f.id, label: f.name })),
        ]}
        style={{ flex: '1 1 10rem' }}
        data-testid="profiles-filter-folder"
      />
      <SelectField
        label={t('filters.label')}
        value={filters.labelId ?? ''}
        onChange={(value) => update({ label: value || null })}
        data={[{ value: '', label: t('filters.anyLabel') }, ...labels.map((l) => ({ value: l.id, label: l.name }))]}
        style={{ flex: '1 1 10rem' }}
        data-testid="profiles-filter-label"
      />
      <SelectField
        label={t('filters.sort')}
        value={(SORTS as readonly string[]).includes(sortValue) ? sortValue : 'updatedAt:desc'}
        onChange={(value) => {
          const [sort, dir] = value.split(':');
          update({ sort: sort ?? null, dir: dir ?? null });
        }}
        data={SORTS.map((s) => ({ value: s, label: t(`sorts.${s.replace(':', '_')}`) }))}
        style={{ flex: '1 1 10rem' }}
        data-testid="profiles-sort"
      />
      {hasFilters ? (
        <Button variant="subtle" onClick={() => update({ search: null, folder: null, label: null })} data-testid="profiles-clear-filters">
          {t('filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
