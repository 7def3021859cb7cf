import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Automation } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { useAutomationAction } from '../api/automation-action';
import { useDeleteAutomation } from '../api/delete-automation';
import { ActionError } from './action-error';
import { AutomationStateBadge } from './automation-state-badge';

/**
 * The builder's heading: the name, what its state means, the state badge, Activate or Pause, and
 * Delete (asked first; while active it waits for a pause, as the API does). A refused activation
 * says why under it.
 */
export function AutomationHeader({ automation: a, listPath }: { automation: Automation; listPath: string }) {
  const { t } = useTranslation(['automations', 'admin']);
  const navigate = useNavigate();
  const action = useAutomationAction();
  const remove = useDeleteAutomation();
  const [deleting, setDeleting] = useState(false);

  const act = (name: 'activate' | 'pause') =>
    action.mutate(
      { id: a.id, action: name },
      { onSuccess: (saved) => notify('success', t(name === 'activate' ? 'builder.activated' : 'builder.paused', { name: saved.name })) },
    );

  return (
    <>
      <PageHeader
        title={<span style={{ overflowWrap: 'anywhere' }}>{a.name}</span>}
        intro={t(`builder.stateNote.${a.state}`)}
        actions={
          <Group gap="sm" wrap="wrap">
            <AutomationStateBadge state={a.state} />
            {a.state === 'active' ? (
              <Button variant="light" color="orange" onClick={() => act('pause')} loading={action.isPending} data-testid="automation-pause">
                {t('builder.pause')}
              </Button>
            ) : (
              <Button onClick={() => act('activate')} loading={action.isPending} data-testid="automation-activate">
                {t('builder.activate')}
              </Button>
            )}
            <Button
              variant="subtle"
              color="red"
              onClick={() => setDeleting(true)}
              disabled={a.state === 'active'}
              data-testid="automation-delete"
            >
              {t('builder.delete')}
            </Button>
          </Group>
        }
      />
      {a.state === 'active' ? (
        <Text size="sm" c="dimmed" data-testid="automation-delete-busy">
          {t('builder.deleteBusy')}
        </Text>
      ) : null}
      {action.isError ? <ActionError error={action.error} /> : null}
      <ConfirmDialog
        opened={deleting}
        title={t('builder.deleteTitle')}
        confirmLabel={t('builder.delete')}
        danger
        loading={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error, t) : null}
        onConfirm={() =>
          remove.mutate(a.id, {
            onSuccess: () => {
              notify('success', t('builder.deleted', { name: a.name }));
              void navigate(listPath);
            },
          })
        }
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      >
        {t('builder.deleteText', { name: a.name })}
      </ConfirmDialog>
    </>
  );
}
