import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SsoSettings } from '@enlaza/contracts';
import { notify } from '@/components/notifications';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useSetSsoEnforced } from '../api/set-sso-enforced';

/** "Enforce SSO": the switch, possible once a provider is set and a domain proven; the owner stays the break-glass account. */
export function EnforcePanel({ settings }: { settings: SsoSettings }) {
  const { t } = useTranslation('sso');
  const toggle = useSetSsoEnforced();
  const ready = settings.provider !== null && settings.domains.some((d) => d.status === 'verified');
  const on = toggle.isPending && toggle.variables !== undefined ? toggle.variables : settings.enforced;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-labelledby="sso-enforce-title" data-testid="sso-enforce">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sso-enforce-title">
          {t('enforce.title')}
        </Title>
        <Switch
          checked={on}
          disabled={toggle.isPending || (!ready && !on)}
          onChange={(e) => {
            const enforced = e.currentTarget.checked;
            toggle.mutate(enforced, { onSuccess: () => notify('success', t(enforced ? 'enforce.on' : 'enforce.off')) });
          }}
          label={t('enforce.label')}
          description={t('enforce.hint')}
          data-testid="sso-enforce-switch"
        />
        {ready || on ? null : (
          <Text size="xs" c="dimmed">
            {t('enforce.needsDomain')}
          </Text>
        )}
        {toggle.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(toggle.error, t)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
