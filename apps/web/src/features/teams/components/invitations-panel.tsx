import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamImportResult, TeamInvitation } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { notify } from '@/components/notifications';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatDateTime } from '@/lib/format';
import { useInvitations } from '../api/get-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { InvitationStatusBadge, RoleBadge } from './badges';
import { ImportPanel, ImportResults } from './import-panel';
import { InviteDialog } from './invite-dialog';
import { PersonCell } from './parts';

/** When a pending invitation's link stops working, or what became of it. */
function Expiry({ invitation }: { invitation: TeamInvitation }) {
  const { t } = useTranslation('teams');
  const locale = useLocale();
  const date = formatDate(invitation.expiresAt, locale);
  if (invitation.status === 'pending') return t('invitations.expires', { date });
  if (invitation.status === 'expired') return t('invitations.expired', { date });
  if (invitation.status === 'accepted')
    return invitation.acceptedBy ? t('invitations.acceptedBy', { name: invitation.acceptedBy.name }) : '';
  return '';
}

/** Invite one person or a CSV of them; the invitations with their state and expiry; resend or revoke. */
export function InvitationsPanel() {
  const { t } = useTranslation('teams');
  const locale = useLocale();
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [result, setResult] = useState<TeamImportResult | null>(null);
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);
  const open = (i: TeamInvitation) => i.status === 'pending' || i.status === 'expired';

  return (
    <Stack gap="md" data-testid="team-invitations">
      {result ? <ImportResults result={result} onClose={() => setResult(null)} /> : null}
      {importing ? (
        <ImportPanel
          onCancel={() => setImporting(false)}
          onDone={(done) => {
            setResult(done);
            setImporting(false);
          }}
        />
      ) : (
        <Group gap="sm">
          <Button onClick={() => setInviting(true)} data-testid="invite-open">
            {t('invite.open')}
          </Button>
          <Button variant="default" onClick={() => setImporting(true)} data-testid="import-open">
            {t('import.open')}
          </Button>
        </Group>
      )}
      <DataTable
        caption={t('invitations.caption')}
        columns={[
          {
            key: 'person',
            header: t('invitations.person'),
            hideInCard: true,
            cell: (i: TeamInvitation) => <PersonCell name={i.name} email={i.email} />,
          },
          { key: 'role', header: t('members.role'), cell: (i) => <RoleBadge role={i.role} /> },
          { key: 'status', header: t('invitations.status'), cell: (i) => <InvitationStatusBadge status={i.status} /> },
          { key: 'sent', header: t('invitations.sent'), cell: (i) => formatDateTime(i.lastSentAt, locale) },
          { key: 'expiry', header: t('invitations.expiry'), cell: (i) => <Expiry invitation={i} /> },
        ]}
        rows={invitations.data}
        rowKey={(i) => i.id}
        cardTitle={(i) => <PersonCell name={i.name} email={i.email} />}
        actionsHeader={t('actions')}
        actions={(i) =>
          open(i) ? (
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                variant="default"
                loading={resend.isPending && resend.variables === i.id}
                onClick={() =>
                  resend.mutate(i.id, {
                    onSuccess: () => notify('success', t('invitations.resent', { email: i.email })),
                    onError: (error) => notify('error', apiErrorMessage(error, t)),
                  })
                }
                aria-label={t('invitations.resendLabel', { email: i.email })}
                data-testid="invitation-resend"
              >
                {t('invitations.resend')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => setRevoking(i)}
                aria-label={t('invitations.revokeLabel', { email: i.email })}
                data-testid="invitation-revoke"
              >
                {t('invitations.revoke')}
              </Button>
            </Group>
          ) : null
        }
        isLoading={invitations.isPending}
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
        emptyText={t('invitations.empty')}
        testId="team-invitations-table"
      />
      <InviteDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        onInvited={(email) => notify('success', t('invite.sent', { email }))}
      />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('invitations.revokeTitle')}
        confirmLabel={t('invitations.revoke')}
        cancelLabel={t('invitations.keep')}
        danger
        loading={revoke.isPending}
        error={revoke.error ? apiErrorMessage(revoke.error, t) : null}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
      >
        {t('invitations.revokeBody', { email: revoking?.email ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
