import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type CatalogueStatus = 'all' | 'active' | 'inactive';

/** The catalogue list's search and its active / inactive filter. */
export function CatalogueFilters({
  kind,
  search,
  onSearch,
  status,
  onStatus,
}: {
  kind: string;
  search: string;
  onSearch: (search: string) => void;
  status: CatalogueStatus;
  onStatus: (status: CatalogueStatus) => void;
}) {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('filters.search')}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        type="search"
        w={260}
        maw="100%"
        data-testid="catalogue-search"
      />
      <div>
        <Text size="sm" fw={500} id={`status-${kind}`} mb={4}>
          {t('filters.status')}
        </Text>
        <SegmentedControl
          aria-labelledby={`status-${kind}`}
          value={status}
          onChange={(v) => onStatus(v)}
          data={(['all', 'active', 'inactive'] as const).map((value) => ({ value, label: t(`filters.${value}`) }))}
          data-testid="catalogue-status-filter"
        />
      </div>
    </Group>
  );
}
