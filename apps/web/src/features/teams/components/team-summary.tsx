import { Anchor, Avatar, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TEAM_TEMPLATE_FIELDS, type MyTeam } from '@enlaza/contracts';
import { LockIcon } from '@/components/lock-icon';
import { useCloudFile } from '@/lib/api/get-cloud-file';
import { useLocale } from '@/components/use-locale';
import { formatNumber } from '@/lib/format';
import { useTeamTemplate } from '@/lib/api/team-template';
import { RoleBadge } from './badges';

type Mine = NonNullable<MyTeam>;

/** The team's logo (a file of its owner's cloud: others see its initials) or its initials in its colour. */
function TeamLogo({ mine }: { mine: Mine }) {
  const { team } = mine;
  const logo = useCloudFile(mine.role === 'owner' ? team.logoFileId : null);
  const initials = team.name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <Avatar
      src={logo.data?.url ?? null}
      alt=""
      size={56}
      radius="md"
      color={team.color}
      variant="filled"
      autoContrast
      aria-hidden
      // A wide wordmark whole ("ACME", not "CME"), on a light ground whatever the team's colour.
      styles={{ image: { objectFit: 'contain', background: 'var(--mantine-color-white)' } }}
      data-testid="team-logo"
    >
      {initials}
    </Avatar>
  );
}

/** The team's name, role, alias and size, over every view of the team page. */
export function TeamHeader({ mine }: { mine: Mine }) {
  const { t } = useTranslation('teams');
  const locale = useLocale();
  const { team } = mine;
  return (
    <Group gap="md" wrap="nowrap" align="center" data-testid="team-header">
      <TeamLogo mine={mine} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="team-title">
            {team.name}
          </Title>
          <RoleBadge role={mine.role} />
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('header.facts', {
            alias: team.alias,
            members: t('header.members', { count: team.activeMembers, formatted: formatNumber(team.activeMembers, locale) }),
          })}
        </Text>
      </Stack>
    </Group>
  );
}

/** What a plain member sees: their team, their role, their card and what the team sets on it. */
export function MemberView({ mine }: { mine: Mine }) {
  const { t } = useTranslation('teams');
  const template = useTeamTemplate();
  const locked = TEAM_TEMPLATE_FIELDS.filter((field) => template.data?.locks[field] === 'locked');
  return (
    <Stack gap="lg" data-testid="team-member-view">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="team-my-card-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="team-my-card-title">
            {t('member.cardTitle')}
          </Title>
          {mine.cardId ? (
            <>
              <Text size="sm">{t('member.cardBody', { team: mine.team.name })}</Text>
              <Group gap="sm" wrap="wrap">
                <Button component={Link} to={`/user/perfiles/${mine.cardId}`} data-testid="team-my-card-edit">
                  {t('member.editCard')}
                </Button>
                <Button component={Link} to={`/user/perfiles/view/${mine.cardId}`} variant="default">
                  {t('member.viewCard')}
                </Button>
              </Group>
            </>
          ) : (
            <Text size="sm">{t('member.noCard')}</Text>
          )}
        </Stack>
      </Paper>
      {locked.length > 0 ? (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="team-locked-title">
          <Stack gap="xs">
            <Group gap={6} wrap="nowrap">
              <LockIcon />
              <Title order={2} size="h4" id="team-locked-title">
                {t('member.lockedTitle')}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {t('member.lockedBody', { team: mine.team.name })}
            </Text>
            <List size="sm" data-testid="team-locked-fields">
              {locked.map((field) => (
                <List.Item key={field}>{t(`fields.${field}`)}</List.Item>
              ))}
            </List>
          </Stack>
        </Paper>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('member.personal')}{' '}
        <Anchor component={Link} to="/user/perfiles" size="sm">
          {t('member.personalLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}
