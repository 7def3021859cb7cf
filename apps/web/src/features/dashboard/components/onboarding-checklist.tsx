import { Alert, Badge, Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OnboardingChecklist as Checklist, OnboardingStepKey } from '@enlaza/contracts';
import { useDismissOnboarding } from '@/lib/api/dismiss-onboarding';
import { useOnboarding } from '@/lib/api/onboarding';

/** Where each step is done: the editor of the main card, and its owner view (preview, QR code, link). */
function stepPath(key: OnboardingStepKey, profileId: string | null): string {
  if (!profileId) return '/user/perfiles';
  return key === 'card' ? `/user/perfiles/${profileId}` : `/user/perfiles/view/${profileId}`;
}

function StepMark({ done, index }: { done: boolean; index: number }) {
  return done ? (
    <ThemeIcon size={28} radius="xl" color="teal" aria-hidden>
      <svg
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M5 12l5 5L20 7" />
      </svg>
    </ThemeIcon>
  ) : (
    <ThemeIcon size={28} radius="xl" variant="default" aria-hidden>
      <Text size="sm" fw={700}>
        {index + 1}
      </Text>
    </ThemeIcon>
  );
}

/**
 * The guided start on the dashboard: three steps to a card worth sharing, each linking to where it is
 * done, computed by the server. Shown from the first sign-in until dismissed (stored on the server).
 * Nothing shows while it loads or if it cannot be read: it is a guide, not the dashboard's content.
 */
export function OnboardingChecklist({ onDismissed }: { onDismissed: () => void }) {
  const query = useOnboarding();
  if (!query.data?.visible) return null;
  return <ChecklistCard checklist={query.data} onDismissed={onDismissed} />;
}

function ChecklistCard({ checklist, onDismissed }: { checklist: Checklist; onDismissed: () => void }) {
  const { t } = useTranslation('dashboard');
  const dismiss = useDismissOnboarding();
  const done = checklist.steps.filter((step) => step.done).length;
  const total = checklist.steps.length;
  const allDone = done === total;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="onboarding-title" data-testid="onboarding-checklist">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} size="h3" id="onboarding-title">
              {allDone ? t('checklist.allDoneTitle') : t('checklist.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {allDone ? t('checklist.allDoneBody') : t('checklist.subtitle')}
            </Text>
          </Stack>
          <Button
            variant={allDone ? 'filled' : 'subtle'}
            color={allDone ? undefined : 'gray'}
            size="sm"
            style={{ flexShrink: 0 }}
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate(undefined, { onSuccess: onDismissed })}
            aria-label={allDone ? undefined : t('checklist.dismissLabel')}
            data-testid="onboarding-dismiss"
          >
            {allDone ? t('checklist.close') : t('checklist.dismiss')}
          </Button>
        </Group>
        {dismiss.isError ? (
          <Alert color="red" variant="light" role="alert" data-testid="onboarding-dismiss-error">
            {t('checklist.dismissFailed')}
          </Alert>
        ) : null}
        <Stack gap={6}>
          <Text size="sm" fw={500} data-testid="onboarding-progress">
            {t('checklist.progress', { done, total })}
          </Text>
          <Progress value={(done / total) * 100} color="teal" size="sm" radius="xl" aria-hidden />
        </Stack>
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {checklist.steps.map((step, index) => (
            <Group
              key={step.key}
              component="li"
              align="flex-start"
              wrap="nowrap"
              gap="sm"
              data-testid={`onboarding-step-${step.key}`}
              data-done={step.done}
            >
              <StepMark done={step.done} index={index} />
              <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{t(`checklist.steps.${step.key}.title`)}</Text>
                  {step.done ? (
                    <Badge color="teal" variant="light" size="sm">
                      {t('checklist.done')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`checklist.steps.${step.key}.body`)}
                </Text>
                {step.done ? null : (
                  <Button
                    component={Link}
                    to={stepPath(step.key, checklist.profileId)}
                    variant="light"
                    size="xs"
                    style={{ alignSelf: 'flex-start' }}
                    data-testid={`onboarding-step-${step.key}-link`}
                  >
                    {t(`checklist.steps.${step.key}.action`)}
                  </Button>
                )}
              </Stack>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
