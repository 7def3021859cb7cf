import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  title: ReactNode;
  /** One line under the title, dimmed. */
  intro?: ReactNode;
  /** Buttons on the right of the title (they wrap under it on narrow screens). */
  actions?: ReactNode;
};

/** The heading of a signed-in page: its h1, an intro line and optional actions. */
export function PageHeader({ title, intro, actions }: Props) {
  const heading = (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      {intro ? (
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      ) : null}
    </div>
  );
  if (!actions) return heading;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      {heading}
      {actions}
    </Group>
  );
}
