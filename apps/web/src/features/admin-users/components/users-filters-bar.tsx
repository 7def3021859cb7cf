import { Button, Group, Select, TextInput } from '@mantine/core';
import { USER_STATUSES } from '@enlaza/contracts';
import { useUrlTextFilter } from '@/components/use-url-text-filter';
import { useTranslation } from 'react-i18next';
import { useAccountTypeOptions } from '../api/account-type-options';
import { TEAM_FILTERS, type UpdateUsersFilters, type UsersFilters } from './use-users-filters';

/** Search (debounced) and the status, account type, plan and team filters. */
export function UsersFiltersBar({ filters, update }: { filters: UsersFilters; update: UpdateUsersFilters }) {
  const { t } = useTranslation(['admin-users', 'admin']);
  const accountTypes = useAccountTypeOptions();
  const [search, setSearch] = useUrlTextFilter(filters.search, (value) => update({ search: value }, { replace: true }));
  const [plan, setPlan] = useUrlTextFilter(
    filters.planCode ?? '',
    (value) => update({ plan: value }, { replace: true }),
    (value) => value.trim().toLowerCase(),
  );

  const hasFilters = Boolean(filters.search || filters.status || filters.accountTypeId || filters.planCode || filters.team);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        style={{ flex: '1 1 16rem' }}
        data-testid="users-search"
      />
      <Select
        label={t('filters.status')}
        placeholder={t('filters.any')}
        clearable
        data={USER_STATUSES.map((status) => ({ value: status, label: t(`admin:status.${status}`) }))}
        value={filters.status ?? null}
        onChange={(value) => update({ status: value })}
        style={{ flex: '1 1 10rem' }}
        data-testid="users-filter-status"
      />
      <Select
        label={t('filters.accountType')}
        placeholder={t('filters.any')}
        clearable
        data={(accountTypes.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
        value={filters.accountTypeId ?? null}
        onChange={(value) => update({ type: value })}
        style={{ flex: '1 1 10rem' }}
        data-testid="users-filter-type"
      />
      <TextInput
        label={t('filters.plan')}
        placeholder={t('filters.planPlaceholder')}
        value={plan}
        onChange={(event) => setPlan(event.currentTarget.value)}
        style={{ flex: '1 1 8rem' }}
        data-testid="users-filter-plan"
      />
      <Select
        label={t('filters.team')}
        placeholder={t('filters.any')}
        clearable
        data={TEAM_FILTERS.map((value) => ({ value, label: t(`filters.teams.${value}`) }))}
        value={filters.team ?? null}
        onChange={(value) => update({ team: value })}
        style={{ flex: '1 1 10rem' }}
        data-testid="users-filter-team"
      />
      {hasFilters ? (
        <Button variant="subtle" onClick={() => update({ search: null, status: null, type: null, plan: null, team: null })}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
