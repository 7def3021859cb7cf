import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** A light error box announced to screen readers (Mantine's Alert costs ~2 KB on the login page). */
export function FormAlert({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="form-alert" role="alert" data-testid={testId}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}
