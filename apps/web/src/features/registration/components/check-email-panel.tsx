import { Alert, Anchor, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '@/components/line-icon';
import { useResendVerification } from '../api/resend-verification';
import { resendErrorMessage } from './resend-feedback';

/** After registering: "check your email", the address, and a way to get the link again. */
export function CheckEmailPanel({ email, onEdit }: { email: string; onEdit: () => void }) {
  const { t } = useTranslation('register');
  const resend = useResendVerification();
  return (
    <Stack gap="md" data-testid="register-sent" role="status">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
        <LineIcon size={26}>
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </LineIcon>
      </ThemeIcon>
      <Title order={2} size="h3">
        {t('sent.title')}
      </Title>
      <Text>
        {t('sent.body')}{' '}
        <Text span fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="register-sent-email">
          {email}
        </Text>
      </Text>
      <Text size="sm" c="dimmed">
        {t('sent.hint')}
      </Text>
      {resend.isSuccess ? (
        <Alert color="teal" data-testid="register-resent">
          {t('resend.done')}
        </Alert>
      ) : null}
      {resend.isError ? (
        <Alert color="red" role="alert" data-testid="register-resend-error">
          {resendErrorMessage(resend.error, t)}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button variant="light" loading={resend.isPending} onClick={() => resend.mutate(email)} data-testid="register-resend">
          {t('resend.button')}
        </Button>
        <Button variant="subtle" onClick={onEdit} data-testid="register-edit">
          {t('sent.edit')}
        </Button>
      </Group>
      <Anchor component={Link} to="/" size="sm">
        {t('goToSignIn')}
      </Anchor>
    </Stack>
  );
}
