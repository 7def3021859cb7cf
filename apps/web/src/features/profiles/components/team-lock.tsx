import { Alert, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Profile, TeamTemplateField } from '@enlaza/contracts';
import { LockIcon } from '@/components/lock-icon';

/**
 * A team card's team, the template fields it locks and its public path (where the team's images are
 * served); null: a personal card or a tag, nothing locked.
 */
export type TeamLock = { team: string; fields: ReadonlySet<TeamTemplateField>; publicPath: string } | null;

export const teamLockOf = (profile: Pick<Profile, 'team' | 'lockedFields' | 'publicPath'>): TeamLock =>
  profile.team ? { team: profile.team.name, fields: new Set(profile.lockedFields), publicPath: profile.publicPath } : null;

export const isLocked = (lock: TeamLock, field: TeamTemplateField) => lock?.fields.has(field) ?? false;

/**
 * Props that make a text input of a locked field read-only, with the padlock and why: a member sees
 * the team's value and cannot change it (the server would refuse it: `team.field_locked`).
 */
export function useLockedInput(lock: TeamLock) {
  const { t } = useTranslation('profiles');
  return (field: TeamTemplateField) =>
    lock && isLocked(lock, field)
      ? {
          readOnly: true,
          description: t('team.lockedBy', { team: lock.team }),
          rightSection: <LockIcon />,
          inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
          'data-locked': true,
        }
      : {};
}

/** The padlock and its reason, under a control that cannot be read-only (a picker, a list). */
export function LockedNote({ lock, field }: { lock: TeamLock; field: TeamTemplateField }) {
  const { t } = useTranslation('profiles');
  if (!lock || !isLocked(lock, field)) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid={`locked-${field}`}>
      <LockIcon size={14} />
      <Text size="xs" c="dimmed">
        {t('team.lockedBy', { team: lock.team })}
      </Text>
    </Group>
  );
}

/** Over a team card's editor: whose card it is and what the padlocks mean. */
export function TeamCardNotice({ lock }: { lock: TeamLock }) {
  const { t } = useTranslation('profiles');
  if (!lock) return null;
  return (
    <Alert color="blue" variant="light" title={t('team.noticeTitle', { team: lock.team })} data-testid="profile-team-notice">
      <Text size="sm">{lock.fields.size > 0 ? t('team.noticeLocked') : t('team.noticeFree')}</Text>
    </Alert>
  );
}
