import { useState } from 'react';
import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchUsers } from '../api/search-users';

/** "Ana López · ana@example.com": the name and the email tell two people of the same name apart. */
export const userLabel = (user: { name: string | null; email: string | null }, fallback: string) =>
  [user.name, user.email].filter(Boolean).join(' · ') || fallback;

/**
 * The history's user filter: type a name or an email, pick one of the matches (the admin users
 * search, 10 at a time). `selected` labels the chosen user before any search (e.g. from the URL).
 */
export function UserPicker({
  value,
  selected,
  onChange,
}: {
  value: string | undefined;
  selected: ComboboxItem | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation('admin-history');
  const [search, setSearch] = useState('');
  // The option just picked keeps its label until the page can name the user itself.
  const [picked, setPicked] = useState<ComboboxItem | null>(null);
  const current = selected && selected.label !== selected.value ? selected : picked?.value === value ? picked : selected;
  const [term] = useDebouncedValue(search.trim(), 300);
  const selectedLabel = current?.label ?? '';
  // Typing shows matches; the chosen user's own label is not a new search.
  const searching = term.length >= 2 && term !== selectedLabel;
  const found = useSearchUsers(term, searching);
  const options: ComboboxItem[] = searching
    ? (found.data?.data ?? []).map((user) => ({ value: user.id, label: userLabel(user, user.id) }))
    : [];
  if (current && current.value === value && !options.some((o) => o.value === current.value)) options.unshift(current);

  return (
    <Select
      label={t('filters.user')}
      placeholder={t('filters.userPlaceholder')}
      searchable
      clearable
      filter={({ options: all }) => all}
      data={options}
      value={value ?? null}
      onChange={(id, option) => {
        setPicked(id ? option : null);
        onChange(id);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={searching ? (found.isFetching ? null : t('filters.userNoResults')) : t('filters.userHint')}
      style={{ flex: '1 1 18rem' }}
      data-testid="history-filter-user"
    />
  );
}
