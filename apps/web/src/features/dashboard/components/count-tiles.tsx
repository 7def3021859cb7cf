import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatNumber } from '@/lib/format';

type Tile = { key: 'cards' | 'tags' | 'unread'; value: number | undefined; to?: string };

/** Cards, tags and unread messages; the first two open their lists. */
export function CountTiles({ counts }: { counts: Dashboard['counts'] | undefined }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const tiles: Tile[] = [
    { key: 'cards', value: counts?.cards, to: '/user/perfiles' },
    { key: 'tags', value: counts?.tags, to: '/user/tamys' },
    { key: 'unread', value: counts?.unreadMessages },
  ];
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }} component="section" aria-label={t('counts.title')}>
      {tiles.map((tile) => {
        const body = (
          <>
            <Text size="sm" c="dimmed" fw={500} lh={1.3}>
              {t(`counts.${tile.key}`)}
            </Text>
            {tile.value === undefined ? (
              <Skeleton height={32} width={64} mt={6} aria-label={t('loading')} />
            ) : (
              <Text fz={{ base: 24, sm: 32 }} fw={700} lh={1.2} mt={4} data-testid={`count-${tile.key}`}>
                {formatNumber(tile.value, locale)}
              </Text>
            )}
          </>
        );
        return tile.to ? (
          <Card
            key={tile.key}
            withBorder
            radius="md"
            p={{ base: 'sm', sm: 'lg' }}
            component={Link}
            to={tile.to}
            className="dashboard-tile-link"
          >
            {body}
          </Card>
        ) : (
          <Card key={tile.key} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            {body}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
