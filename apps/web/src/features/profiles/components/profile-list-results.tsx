import { LoadError } from '@/components/load-states';
import { Link } from 'react-router';
import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Collection, Profile } from '@enlaza/contracts';
import { Icon } from './icons';
import { ProfileTile } from './profile-tile';

interface Props {
  isCard: boolean;
  base: string;
  rows: Profile[];
  /** The list could not be loaded (and none is shown yet). */
  /** Why the list could not be read; null when it was. */
  failure: unknown;
  onRetry: () => void;
  loading: boolean;
  /** Rows of the previous view shown while the next loads. */
  stale: boolean;
  hasFilters: boolean;
  onClearFilters: () => void;
  folders: Collection[];
  labels: Collection[];
  selected: string[];
  onSelect: (id: string, on: boolean) => void;
}

/** The list's body: the load error, the skeleton, the empty state (no cards yet, or none match), or the grid. */
export function ProfileListResults({ isCard, base, rows, failure, onRetry, loading, stale, hasFilters, onClearFilters, ...grid }: Props) {
  const { t } = useTranslation(['profiles', 'admin']);
  const folderById = new Map(grid.folders.map((f) => [f.id, f]));
  const labelById = new Map(grid.labels.map((l) => [l.id, l]));

  if (failure) return <LoadError error={failure} onRetry={onRetry} testId="profiles-error" />;
  if (loading)
    return (
      <div className="profile-grid" aria-busy="true" aria-label={t('loading')} data-testid="profiles-loading">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} height={190} radius="md" />
        ))}
      </div>
    );
  if (rows.length === 0)
    return (
      <Paper withBorder radius="md" p="xl" ta="center" data-testid="profiles-empty">
        <Stack align="center" gap="sm">
          <Title order={2} size="h3">
            {hasFilters ? t('list.noMatchTitle') : t(isCard ? 'list.emptyCardsTitle' : 'list.emptyTagsTitle')}
          </Title>
          <Text c="dimmed" maw={460}>
            {hasFilters ? t('list.noMatchBody') : t(isCard ? 'list.emptyCardsBody' : 'list.emptyTagsBody')}
          </Text>
          {hasFilters ? (
            <Button variant="light" onClick={onClearFilters}>
              {t('filters.clear')}
            </Button>
          ) : (
            <Button component={Link} to={`${base}/new`} size="md" leftSection={<Icon name="plus" />} data-testid="profiles-empty-create">
              {t(isCard ? 'list.createFirstCard' : 'list.createFirstTag')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  return (
    <ul className="profile-grid" aria-label={t(isCard ? 'list.cardsTitle' : 'list.tagsTitle')} style={{ opacity: stale ? 0.6 : 1 }}>
      {rows.map((profile) => (
        <li key={profile.id}>
          <ProfileTile
            profile={profile}
            base={base}
            folder={profile.folderId ? folderById.get(profile.folderId) : undefined}
            labels={profile.labelIds.map((id) => labelById.get(id)).filter((l) => l !== undefined)}
            selected={grid.selected.includes(profile.id)}
            onSelect={(on) => grid.onSelect(profile.id, on)}
          />
        </li>
      ))}
    </ul>
  );
}
