import type { ReactNode } from 'react';
import { Accordion, List, Paper, Text, Title } from '@mantine/core';

/**
 * A titled section of the card's page (wallets, email signature, video-call background, visitors):
 * a bordered panel named by its heading (`{id}-title`), with a quieter line under the heading.
 */
export function ViewPanel({
  id,
  title,
  description,
  testId,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={`${id}-title`} data-testid={testId}>
      <Title order={2} size="h4" id={`${id}-title`}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}

/** How to use what a panel makes, app by app: each app a closed item of numbered steps. */
export function HowToSteps({ apps, testId }: { apps: { value: string; name: string; steps: string[] }[]; testId: string }) {
  return (
    <Accordion variant="contained" data-testid={testId}>
      {apps.map((app) => (
        <Accordion.Item key={app.value} value={app.value}>
          <Accordion.Control>{app.name}</Accordion.Control>
          <Accordion.Panel>
            <List type="ordered" size="sm" spacing={4}>
              {app.steps.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
