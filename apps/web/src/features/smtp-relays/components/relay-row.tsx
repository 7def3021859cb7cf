import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SmtpRelay } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { apiErrorMessage } from '@/lib/api-error-message';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useTestSmtpRelay } from '../api/test-smtp-relay';
import { useUpdateSmtpRelay } from '../api/update-smtp-relay';
import './smtp-relays.css';

/**
 * One SMTP server: where it is, its security, sign-in and rate, whether it is used, its last failure;
 * turn it on or off, test it (its answer shown here), edit or delete it.
 */
export function RelayRow({ relay, onEdit, onDelete }: { relay: SmtpRelay; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation(['smtp-relays', 'admin']);
  const locale = useLocale();
  const toggle = useUpdateSmtpRelay();
  const test = useTestSmtpRelay();
  const titleId = `smtp-relay-${relay.id}`;
  const rate =
    relay.rateMessages === 0
      ? t('rate.none')
      : t('rate.value', {
          count: relay.rateMessages,
          formatted: formatNumber(relay.rateMessages, locale),
          seconds: formatNumber(relay.rateSeconds, locale),
        });

  return (
    <Paper component="li" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={titleId} data-testid="smtp-relay">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {relay.name}
          </Title>
          <Badge color={relay.enabled ? 'teal' : 'gray'} variant="light" tt="none" data-testid="smtp-relay-status">
            {t(relay.enabled ? 'status.enabled' : 'status.disabled')}
          </Badge>
        </Group>
        <dl className="smtp-relay-facts">
          <dt>{t('facts.server')}</dt>
          <dd data-testid="smtp-relay-address">
            {relay.host}:{relay.port}
          </dd>
          <dt>{t('facts.security')}</dt>
          <dd>{t(relay.secure ? 'facts.tls' : 'facts.starttls')}</dd>
          <dt>{t('facts.signIn')}</dt>
          <dd data-testid="smtp-relay-user">
            {relay.user
              ? t(relay.hasPassword ? 'facts.userWithPassword' : 'facts.userOnly', { user: relay.user })
              : relay.hasPassword
                ? t('facts.passwordOnly')
                : t('facts.noSignIn')}
          </dd>
          <dt>{t('facts.rate')}</dt>
          <dd data-testid="smtp-relay-rate">{rate}</dd>
          <dt>{t('facts.lastFailure')}</dt>
          <dd data-testid="smtp-relay-failure">
            {relay.lastFailureAt ? (
              <>
                <Text span size="sm" fw={600}>
                  {formatDateTime(relay.lastFailureAt, locale)}
                </Text>
                {relay.lastFailure ? (
                  <Text size="sm" className="smtp-relay-words">
                    {relay.lastFailure}
                  </Text>
                ) : null}
              </>
            ) : (
              t('facts.noFailure')
            )}
          </dd>
        </dl>

        {test.data ? (
          <Alert
            color={test.data.ok ? 'teal' : 'red'}
            role={test.data.ok ? 'status' : 'alert'}
            title={t(test.data.ok ? 'test.ok' : 'test.failed')}
            data-testid="smtp-relay-test-result"
          >
            <Text size="sm" className="smtp-relay-words">
              {test.data.detail}
            </Text>
          </Alert>
        ) : null}
        {test.isError || toggle.isError ? (
          <Alert color="red" role="alert" data-testid="smtp-relay-error">
            {apiErrorMessage(test.isError ? test.error : toggle.error, t)}
          </Alert>
        ) : null}

        <Group justify="space-between" gap="xs" wrap="wrap">
          <Switch
            checked={relay.enabled}
            disabled={toggle.isPending}
            onChange={(event) => toggle.mutate({ id: relay.id, body: { enabled: event.currentTarget.checked } })}
            label={t('enabled')}
            data-testid="smtp-relay-toggle"
          />
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="light"
              loading={test.isPending}
              onClick={() => test.mutate(relay.id)}
              aria-label={t('test.buttonAria', { name: relay.name })}
              data-testid="smtp-relay-test"
            >
              {t('test.button')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={onEdit}
              aria-label={t('editAria', { name: relay.name })}
              data-testid="smtp-relay-edit"
            >
              {t('edit')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={onDelete}
              aria-label={t('delete.buttonAria', { name: relay.name })}
              data-testid="smtp-relay-delete"
            >
              {t('delete.button')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
