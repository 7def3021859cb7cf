import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';
import { queryClient } from '@/lib/query-client';
import { CheckEmailPanel } from '../components/check-email-panel';
import { EMPTY_REGISTER_VALUES, RegisterForm, type RegisterValues } from '../components/register-form';

/** /register: create an account, then "check your email" with a resend button. */
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
  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTER_VALUES);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onChange = useCallback((next: RegisterValues) => setValues(next), []);

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
                {t('subtitle')}
              </Text>
            </div>
            <RegisterForm values={values} onChange={onChange} onRegistered={setSentTo} />
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
