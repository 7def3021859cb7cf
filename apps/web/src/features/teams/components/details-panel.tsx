import { useState } from 'react';
import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Team } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteTeam } from '../api/delete-team';
import { SectionHeading } from './parts';
import { TeamForm } from './team-form';

/** The owner changes the team's details, or deletes the team once nobody else is in it. */
export function DetailsPanel({ team }: { team: Team }) {
  const { t } = useTranslation('teams');
  const remove = useDeleteTeam();
  const [confirming, setConfirming] = useState(false);
  const alone = team.activeMembers <= 1;
  return (
    <Stack gap="lg" data-testid="team-details">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <TeamForm team={team} />
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="team-delete-title">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4" id="team-delete-title">
            {t('delete.title')}
          </Title>
          <Text size="sm">{alone ? t('delete.body') : t('delete.notAlone')}</Text>
          <Button color="red" variant="light" disabled={!alone} onClick={() => setConfirming(true)} data-testid="team-delete">
            {t('delete.button')}
          </Button>
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title={t('delete.confirmTitle', { name: team.name })}
        confirmLabel={t('delete.button')}
        danger
        loading={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error, t) : null}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        {t('delete.confirmBody')}
      </ConfirmDialog>
    </Stack>
  );
}

/** With no team yet: what a team gives, and the form that creates one (its owner gets the first team card). */
export function TeamStart() {
  const { t } = useTranslation('teams');
  return (
    <Stack gap="lg" data-testid="team-start">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="team-start-title">
        <Stack gap="md">
          <SectionHeading id="team-start-title" title={t('start.title')} intro={t('start.intro')} size="h3" />
          <List size="sm" spacing={4}>
            <List.Item>{t('start.point1')}</List.Item>
            <List.Item>{t('start.point2')}</List.Item>
            <List.Item>{t('start.point3')}</List.Item>
          </List>
          <TeamForm team={null} />
        </Stack>
      </Paper>
    </Stack>
  );
}
