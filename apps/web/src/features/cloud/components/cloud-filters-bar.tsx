import { Group, SegmentedControl, Select, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SORTS, type CloudFilters } from './use-cloud-filters';

/** The Nube's search, kind, order, view and trash switch; a change of what is listed goes back to the first page. */
export function CloudFiltersBar({ filters }: { filters: CloudFilters }) {
  const { t } = useTranslation(['cloud', 'admin']);
  const reset = () => filters.setPage(1);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('search')}
        type="search"
        value={filters.search}
        onChange={(e) => {
          filters.setSearch(e.currentTarget.value);
          reset();
        }}
        style={{ flex: '1 1 200px' }}
        data-testid="cloud-search"
      />
      <Select
        label={t('filters.kind')}
        data={[
          { value: '', label: t('filters.all') },
          ...(['image', 'pdf', 'document'] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) })),
        ]}
        value={filters.kind ?? ''}
        onChange={(v) => {
          filters.setKind(v === 'image' || v === 'pdf' || v === 'document' ? v : null);
          reset();
        }}
        allowDeselect={false}
        w={{ base: '100%', xs: 170 }}
      />
      <Select
        label={t('filters.sort')}
        data={SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }))}
        value={filters.sort}
        onChange={(v) => {
          if (!v) return;
          filters.setSort(v);
          reset();
        }}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      <SegmentedControl
        aria-label={t('filters.view')}
        value={filters.view}
        onChange={(v) => filters.setView(v)}
        data={[
          { value: 'grid', label: t('filters.grid') },
          { value: 'list', label: t('filters.list') },
        ]}
      />
      <Switch
        label={t('filters.trash')}
        checked={filters.trash}
        onChange={(e) => {
          filters.setTrash(e.currentTarget.checked);
          reset();
        }}
        mb={8}
        data-testid="cloud-trash-toggle"
      />
    </Group>
  );
}
