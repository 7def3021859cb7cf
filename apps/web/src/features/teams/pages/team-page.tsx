import { Anchor, Group, Stack, Tabs, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyTeam } from '@enlaza/contracts';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { useMyTeam } from '../api/get-my-team';
import { DetailsPanel, TeamStart } from '../components/details-panel';
import { DirectoryPanel } from '../components/directory-panel';
import { FiguresPanel } from '../components/figures-panel';
import { InvitationsPanel } from '../components/invitations-panel';
import { MembersPanel } from '../components/members-panel';
import { LoadFailed, Loading } from '../components/parts';
import { MemberView, TeamHeader } from '../components/team-summary';
import { TemplatePanel } from '../components/template-panel';

/** The tabs of the team's admins, kept in the URL (`?tab=`); the members first. The details are the owner's. */
const TABS = ['miembros', 'invitaciones', 'plantilla', 'directorio', 'cifras', 'datos'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);
const TAB_LABELS: Record<Tab, string> = {
  miembros: 'tabs.members',
  invitaciones: 'tabs.invitations',
  plantilla: 'tabs.template',
  directorio: 'tabs.directory',
  cifras: 'tabs.figures',
  datos: 'tabs.details',
};

/** Members, invitations, the card template, the directory, the figures and (the owner's) the team's details. */
function Management({ mine }: { mine: NonNullable<MyTeam> }) {
  const { t } = useTranslation('teams');
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => tab !== 'datos' || mine.role === 'owner');
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) && tabs.includes(asked) ? asked : 'miembros';
  const panels: Record<Tab, React.ReactNode> = {
    miembros: <MembersPanel />,
    invitaciones: <InvitationsPanel />,
    plantilla: <TemplatePanel />,
    directorio: <DirectoryPanel team={mine.team} owner={mine.role === 'owner'} />,
    cifras: <FiguresPanel />,
    datos: <DetailsPanel team={mine.team} />,
  };
  return (
    <Stack gap="md">
      {mine.role === 'owner' ? (
        <Group gap="xs" data-testid="team-sso-link">
          <Anchor component={Link} to="/user/equipo/sso" size="sm" fw={500}>
            {t('sso.link')}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('sso.hint')}
          </Text>
        </Group>
      ) : null}
      <Group gap="xs" data-testid="team-scim-link">
        <Anchor component={Link} to="/user/equipo/scim" size="sm" fw={500}>
          {t('scim.link')}
        </Anchor>
        <Text size="xs" c="dimmed">
          {t('scim.hint')}
        </Text>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => setParams(isTab(value) && value !== 'miembros' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('tabs.label')}>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`team-tab-${value}`}>
              {t(TAB_LABELS[value])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {panels[value]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/**
 * /user/equipo: with no team, how to start one; with one, its header and, for its owner and admins,
 * its management in tabs; a plain member sees their role and their card.
 */
export default function TeamPage() {
  const { t } = useTranslation('teams');
  usePageTitle(t('title'));
  const query = useMyTeam();
  const mine = query.data;
  return (
    <Stack gap="lg" maw={1100} w="100%" data-testid="team-page">
      {mine ? <TeamHeader mine={mine} /> : <PageHeader title={t('title')} intro={t('intro')} />}
      {query.isPending ? (
        <Loading heights={[40, 200]} />
      ) : query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : mine === null || mine === undefined ? (
        <TeamStart />
      ) : mine.role === 'member' ? (
        <MemberView mine={mine} />
      ) : (
        <Management mine={mine} />
      )}
    </Stack>
  );
}
