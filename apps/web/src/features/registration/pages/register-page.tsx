import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Center, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';
import { queryClient } from '@/lib/query-client';
import { useInvitationToRegister } from '../api/get-invitation';
import { CheckEmailPanel } from '../components/check-email-panel';
import { EMPTY_REGISTER_VALUES, RegisterForm, type RegisterValues } from '../components/register-form';

/**
 * /register: create an account, then "check your email" with a resend button. From a team
 * invitation (`?invitation=<token>`), the form is for the invited address (shown, not changed) and
 * proposes the name the team gave; an invitation that cannot be read leaves the form empty.
 */
export default function RegisterPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Register />
    </QueryClientProvider>
  );
}

function Register() {
  const { t } = useTranslation('register');
  usePageTitle(t('title'));
  const token = useSearchParams()[0].get('invitation');
  const invitation = useInvitationToRegister(token);
  const invited = invitation.data && !invitation.data.expired ? invitation.data : null;
  const [typed, setValues] = useState<RegisterValues | null>(null);
  const values = typed ?? (invited ? { ...EMPTY_REGISTER_VALUES, name: invited.name, email: invited.email } : EMPTY_REGISTER_VALUES);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onChange = useCallback((next: RegisterValues) => setValues(next), []);
  const waiting = token !== null && invitation.isPending;

  return (
    <Center py="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md" w="100%" maw={480}>
        {sentTo ? (
          <CheckEmailPanel email={sentTo} onEdit={() => setSentTo(null)} />
        ) : (
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {t('title')}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {invited ? t('invitation.subtitle', { team: invited.team.name }) : t('subtitle')}
              </Text>
            </div>
            {waiting ? (
              <Skeleton h={320} aria-label={t('invitation.loading')} data-testid="register-invitation-loading" />
            ) : (
              <RegisterForm values={values} onChange={onChange} onRegistered={setSentTo} emailFixed={invited !== null} />
            )}
            <Text size="sm" ta="center">
              {t('haveAccount')}{' '}
              <Anchor component={Link} to="/">
                {t('goToSignIn')}
              </Anchor>
            </Text>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
