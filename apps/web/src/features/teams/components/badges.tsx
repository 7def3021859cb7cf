import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamCardStatus, TeamInvitationStatus, TeamRole } from '@enlaza/contracts';

/** The colour of each value, by what it tells: a role, a card's state, an invitation's state. */
const COLORS = {
  roles: { owner: 'blue', admin: 'teal', member: 'gray' } satisfies Record<TeamRole, string>,
  cardStatus: { assigned: 'teal', unassigned: 'yellow', retired: 'gray' } satisfies Record<TeamCardStatus, string>,
  invitationStatus: { pending: 'blue', accepted: 'teal', revoked: 'gray', expired: 'orange' } satisfies Record<
    TeamInvitationStatus,
    string
  >,
};
const TEST_IDS = { roles: 'team-role', cardStatus: 'team-card-status', invitationStatus: 'invitation-status' } as const;

function TeamBadge<K extends keyof typeof COLORS>({ kind, value }: { kind: K; value: keyof (typeof COLORS)[K] & string }) {
  const { t } = useTranslation('teams');
  return (
    <Badge color={(COLORS[kind] as Record<string, string>)[value]} variant="light" tt="none" data-testid={TEST_IDS[kind]}>
      {t(`${kind}.${value}`)}
    </Badge>
  );
}

/** Owner, admin or member. */
export const RoleBadge = ({ role }: { role: TeamRole }) => <TeamBadge kind="roles" value={role} />;

/** A team card: assigned to a member, kept by the team unassigned, or retired (offline). */
export const CardStatusBadge = ({ status }: { status: TeamCardStatus }) => <TeamBadge kind="cardStatus" value={status} />;

export const InvitationStatusBadge = ({ status }: { status: TeamInvitationStatus }) => <TeamBadge kind="invitationStatus" value={status} />;
