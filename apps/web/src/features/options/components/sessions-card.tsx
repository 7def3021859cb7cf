import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActiveSession } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useSessions } from '../api/get-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { useSignOutSession } from '../api/sign-out-session';

/** "Firefox 132 on Windows 10", or what is known of it. */
export function deviceLabel(device: ActiveSession['device'], t: TFunction<'options'>): string {
  if (device.browser && device.os) return t('sessions.device.both', { browser: device.browser, os: device.os });
  return device.browser ?? device.os ?? t('sessions.device.unknown');
}

/** One signed-in device: what it is, when it signed in and was last seen, and a way to sign it out. */
function SessionRow({ session, onSignOut, busy }: { session: ActiveSession; onSignOut: () => void; busy: boolean }) {
  const { t } = useTranslation('options');
  const locale = useLocale();
  const label = deviceLabel(session.device, t);
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-testid="options-session" data-current={session.current || undefined}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="options-session-device">
              {label}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`sessions.type.${session.device.type}`)}
            </Text>
            {session.current ? (
              <Badge variant="light" color="teal" tt="none" data-testid="options-session-current">
                {t('sessions.current')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t('sessions.lastSeen', { when: formatDateTime(session.lastSeenAt, locale) })}
            {' · '}
            {t('sessions.started', { when: formatDateTime(session.createdAt, locale) })}
          </Text>
        </Stack>
        {session.current ? null : (
          <Button
            variant="light"
            color="red"
            size="xs"
            loading={busy}
            onClick={onSignOut}
            aria-label={t('sessions.signOutOne', { device: label })}
            data-testid="options-session-sign-out"
          >
            {t('sessions.signOut')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Opciones: the devices signed in to the account, with "sign out this one" and "sign out everywhere else". */
export function SessionsCard() {
  const { t } = useTranslation('options');
  const query = useSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const others = (query.data ?? []).filter((session) => !session.current).length;
  const failure = signOut.error ?? signOutOthers.error;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="options-sessions">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('sessions.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('sessions.intro')}
          </Text>
        </div>
        {query.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('sessions.loading')}>
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Stack>
        ) : query.isError ? (
          <Alert color="red" role="alert" title={t('sessions.loadFailed')}>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Alert>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('sessions.title')}>
            {query.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={signOut.isPending && signOut.variables === session.id}
                onSignOut={() => {
                  signOutOthers.reset();
                  signOut.mutate(session.id);
                }}
              />
            ))}
          </Stack>
        )}
        {query.isSuccess && others === 0 ? (
          <Text size="sm" c="dimmed" data-testid="options-sessions-only-this">
            {t('sessions.onlyThis')}
          </Text>
        ) : null}
        <div aria-live="polite">
          {signOut.isSuccess ? (
            <Alert color="teal" role="status" data-testid="options-sessions-done">
              {t('sessions.signedOutOne')}
            </Alert>
          ) : null}
          {signOutOthers.isSuccess ? (
            <Alert color="teal" role="status" data-testid="options-sessions-done">
              {t('sessions.signedOutOthers', { count: signOutOthers.data.signedOut })}
            </Alert>
          ) : null}
        </div>
        {failure ? (
          <Alert color="red" role="alert" data-testid="options-sessions-error">
            {apiErrorMessage(failure, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            variant="light"
            color="red"
            disabled={!query.isSuccess || others === 0}
            loading={signOutOthers.isPending}
            onClick={() => {
              signOut.reset();
              signOutOthers.mutate();
            }}
            data-testid="options-sessions-sign-out-others"
          >
            {t('sessions.signOutOthers')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
