import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamCard, TeamMember } from '@enlaza/contracts';
import { DataTable } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { publicLink } from '@/lib/public-url';
import { useTeamCards } from '../api/get-team-cards';
import { useTeamMembers } from '../api/get-team-members';
import { CardStatusBadge, RoleBadge } from './badges';
import { AssignCardDialog, EditMemberDialog, RemoveMemberDialog } from './member-dialogs';
import { PersonCell, SectionHeading } from './parts';

/** A card's public address as a link (the same whoever holds the card). */
function CardLink({ path }: { path: string }) {
  const url = publicLink(path);
  return (
    <Anchor href={url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="team-card-link">
      {url}
    </Anchor>
  );
}

/** The cards the team keeps without a member (a member left): reassign one, with its link and QR code. */
function KeptCards({ cards, candidates }: { cards: TeamCard[]; candidates: TeamMember[] }) {
  const { t } = useTranslation('teams');
  const [assigning, setAssigning] = useState<TeamCard | null>(null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="team-kept-cards-title" data-testid="team-kept-cards">
      <SectionHeading id="team-kept-cards-title" title={t('cards.title')} intro={t('cards.intro')} />
      <DataTable
        caption={t('cards.title')}
        columns={[
          { key: 'name', header: t('cards.name'), hideInCard: true, cell: (c: TeamCard) => c.name },
          { key: 'status', header: t('cards.status'), cell: (c) => <CardStatusBadge status={c.status} /> },
          { key: 'link', header: t('cards.link'), cell: (c) => <CardLink path={c.publicPath} /> },
        ]}
        rows={cards}
        rowKey={(c) => c.id}
        cardTitle={(c) => <Text fw={600}>{c.name}</Text>}
        actionsHeader={t('actions')}
        actions={(c) => (
          <Button
            size="xs"
            variant="light"
            onClick={() => setAssigning(c)}
            aria-label={t('cards.assignLabel', { name: c.name })}
            data-testid="team-card-assign"
          >
            {t('cards.assign')}
          </Button>
        )}
        isLoading={false}
        error={null}
        onRetry={() => undefined}
        emptyText={t('cards.empty')}
        testId="team-kept-cards-table"
      />
      <AssignCardDialog card={assigning} candidates={candidates} onClose={() => setAssigning(null)} />
    </Stack>
  );
}

/** Members: role, job title, card and last activity; edit, remove (keep or retire the card); the cards kept by the team. */
export function MembersPanel() {
  const { t } = useTranslation('teams');
  const locale = useLocale();
  const members = useTeamMembers();
  const cards = useTeamCards();
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const kept = (cards.data ?? []).filter((c) => c.status !== 'assigned');

  return (
    <Stack gap="xl" data-testid="team-members">
      <DataTable
        caption={t('members.caption')}
        columns={[
          {
            key: 'name',
            header: t('members.name'),
            hideInCard: true,
            cell: (m: TeamMember) => <PersonCell name={m.name} email={m.email} />,
          },
          { key: 'role', header: t('members.role'), cell: (m) => <RoleBadge role={m.role} /> },
          { key: 'jobTitle', header: t('members.jobTitle'), cell: (m) => m.jobTitle ?? t('none') },
          {
            key: 'card',
            header: t('members.card'),
            cell: (m) => (m.card ? <CardStatusBadge status={m.card.status} /> : t('members.noCard')),
          },
          {
            key: 'activity',
            header: t('members.lastActivity'),
            cell: (m) => (
              <span data-testid="member-last-seen">{m.lastActivityAt ? formatDateTime(m.lastActivityAt, locale) : t('members.never')}</span>
            ),
          },
        ]}
        rows={members.data}
        rowKey={(m) => m.userId}
        cardTitle={(m) => <PersonCell name={m.name} email={m.email} />}
        actionsHeader={t('actions')}
        actions={(m) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              onClick={() => setEditing(m)}
              aria-label={t('members.editLabel', { name: m.name })}
              data-testid="member-edit"
            >
              {t('members.edit')}
            </Button>
            {m.role === 'owner' ? null : (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => setRemoving(m)}
                aria-label={t('members.removeLabel', { name: m.name })}
                data-testid="member-remove"
              >
                {t('members.remove')}
              </Button>
            )}
          </Group>
        )}
        isLoading={members.isPending}
        error={members.error}
        onRetry={() => void members.refetch()}
        emptyText={t('members.empty')}
        testId="team-members-table"
      />
      {kept.length > 0 ? <KeptCards cards={kept} candidates={members.data ?? []} /> : null}
      <EditMemberDialog member={editing} onClose={() => setEditing(null)} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
