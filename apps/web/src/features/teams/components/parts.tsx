import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A section's heading (its id names the section) and the dimmed line under it. */
export function SectionHeading({ id, title, intro, size = 'h4' }: { id: string; title: string; intro: string; size?: 'h3' | 'h4' }) {
  return (
    <div>
      <Title order={2} size={size} id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
    </div>
  );
}

/** A person in a list: their name, and their address under it. */
export function PersonCell({ name, email }: { name: string; email: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {email}
      </Text>
    </Stack>
  );
}

/** While a team query loads: grey blocks of these heights, announced as loading. */
export function Loading({ heights }: { heights: number[] }) {
  const { t } = useTranslation('teams');
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
      {heights.map((height, i) => (
        <Skeleton key={i} height={height} />
      ))}
    </Stack>
  );
}

/** A team query that failed (`title`: what could not be loaded, the team by default), with a way to ask again. */
export function LoadFailed({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const { t } = useTranslation('teams');
  return (
    <Alert color="red" role="alert" title={title ?? t('loadFailed')}>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
