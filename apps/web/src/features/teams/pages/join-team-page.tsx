import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PublicTeamInvitation } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';
import { formatDate } from '@/lib/format';
import { forgetInvitation, rememberInvitation } from '@/lib/pending-invitation';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { usePublicInvitation } from '../api/get-public-invitation';

/**
 * /user/equipo/unirse/:token, the link of an invitation email: the team, who invited and whom; signed
 * in with the invited address, accept it; signed out, sign in or register (the link is kept for after).
 */
export default function JoinTeamPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Center py="md">
        <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md" w="100%" maw={520} data-testid="team-join">
          <Join />
        </Paper>
      </Center>
    </QueryClientProvider>
  );
}

/** Why an invitation cannot be used, in the reader's language (the server's sentence for anything else). */
function refusal(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.code === 'team.invitation_invalid' || error.status === 404) return t('join.invalid');
    if (error.code === 'team.invitation_expired') return t('join.expiredBody');
    if (error.code === 'team.invitation_email_mismatch') return t('join.otherEmail');
    if (error.code === 'team.already_member') return t('join.alreadyMember');
  }
  return apiErrorMessage(error, t);
}

function Join() {
  const { t } = useTranslation('teams');
  usePageTitle(t('join.title'));
  const { token = '' } = useParams();
  const invitation = usePublicInvitation(token);

  if (invitation.isPending) {
    return (
      <Stack align="center" gap="sm" py="lg" role="status" aria-busy="true">
        <Loader aria-hidden />
        <Text>{t('join.checking')}</Text>
      </Stack>
    );
  }
  if (invitation.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('join.unusableTitle')}
        </Title>
        <Text role="alert" data-testid="team-join-problem">
          {refusal(invitation.error, t)}
        </Text>
        <Button component={Link} to="/" variant="default" w="fit-content">
          {t('join.home')}
        </Button>
      </Stack>
    );
  }
  return <Invitation token={token} invitation={invitation.data} />;
}

function Invitation({ token, invitation }: { token: string; invitation: PublicTeamInvitation }) {
  const { t } = useTranslation('teams');
  const locale = useLocale();
  const { token: session, user } = useSession();
  const signedIn = session !== null;
  const accept = useAcceptInvitation(token);
  const sameEmail = user ? user.email.toLowerCase() === invitation.email.toLowerCase() : false;

  // Signed out: kept, so that signing in or registering (and confirming the email) comes back here;
  // signed in, it has brought them back and is forgotten (the next sign-in goes to the dashboard).
  useEffect(() => {
    if (signedIn) forgetInvitation();
    else if (!invitation.expired) rememberInvitation(token);
  }, [signedIn, invitation.expired, token]);

  const facts = (
    <Stack gap="xs">
      <Title order={1} size="h2" data-testid="team-join-title">
        {t('join.heading', { team: invitation.team.name })}
      </Title>
      <Text>
        {invitation.inviter
          ? t('join.invitedBy', { inviter: invitation.inviter.name, team: invitation.team.name, role: t(`join.as.${invitation.role}`) })
          : t('join.invited', { team: invitation.team.name, role: t(`join.as.${invitation.role}`) })}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('join.forEmail', { email: invitation.email })}
        {invitation.expired ? null : ` ${t('join.expires', { date: formatDate(invitation.expiresAt, locale) })}`}
      </Text>
    </Stack>
  );

  if (accept.isSuccess) {
    return (
      <Stack gap="md" role="status" data-testid="team-join-done">
        <Title order={1} size="h2">
          {t('join.doneTitle', { team: invitation.team.name })}
        </Title>
        <Text>{t('join.doneBody')}</Text>
        <Group gap="sm" wrap="wrap">
          <Button
            component={Link}
            to={accept.data?.cardId ? `/user/perfiles/${accept.data.cardId}` : '/user/perfiles'}
            data-testid="team-join-card"
          >
            {t('join.openCard')}
          </Button>
          <Button component={Link} to="/user/equipo" variant="default" data-testid="team-join-team">
            {t('join.openTeam')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (invitation.expired) {
    return (
      <Stack gap="md">
        {facts}
        <Alert color="orange" role="alert" title={t('join.expiredTitle')} data-testid="team-join-problem">
          {t('join.expiredOn', { date: formatDate(invitation.expiresAt, locale) })} {t('join.expiredBody')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {facts}
      {!signedIn ? (
        <Stack gap="sm" data-testid="team-join-signed-out">
          <Text size="sm">{t('join.signedOut', { email: invitation.email })}</Text>
          <Group gap="sm" wrap="wrap">
            <Button component={Link} to={`/register?invitation=${encodeURIComponent(token)}`} data-testid="team-join-register">
              {t('join.register')}
            </Button>
            <Button component="a" href="/" variant="default" data-testid="team-join-sign-in">
              {t('join.signIn')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          {sameEmail ? null : (
            <Alert color="yellow" role="alert" title={t('join.otherEmailTitle')} data-testid="team-join-other-email">
              {t('join.otherEmailBody', { email: invitation.email, me: user?.email ?? '' })}
            </Alert>
          )}
          {accept.isError ? (
            <Alert color="red" role="alert" data-testid="team-join-error">
              {refusal(accept.error, t)}
            </Alert>
          ) : null}
          <Group gap="sm" wrap="wrap">
            <Button onClick={() => accept.mutate()} loading={accept.isPending} disabled={!sameEmail} data-testid="team-join-accept">
              {t('join.accept', { team: invitation.team.name })}
            </Button>
            <Button component={Link} to="/user/dashboard" variant="default">
              {t('join.later')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
