import { Alert, Anchor, Button, CopyButton, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Team } from '@enlaza/contracts';
import { servingDomain, useCustomDomains } from '@/lib/api/custom-domains';
import { apiErrorMessage } from '@/lib/api-error-message';
import { publicLink } from '@/lib/public-url';
import { useSetDirectory } from '../api/set-directory';

/**
 * The public team page `/link/{alias}`: every assigned member's card, shown only while switched on.
 * Its owner can serve it at a custom domain: its link is then that domain's.
 */
export function DirectoryPanel({ team, owner }: { team: Team; owner: boolean }) {
  const { t } = useTranslation('teams');
  const toggle = useSetDirectory();
  const domain = servingDomain(useCustomDomains(owner).data, 'team', team.id);
  const url = owner && domain ? domain.url : publicLink(team.directoryPath);
  const on = toggle.isPending && toggle.variables !== undefined ? toggle.variables : team.directoryEnabled;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="team-directory">
      <Stack gap="md">
        <Text size="sm">{t('directory.intro')}</Text>
        <Switch
          checked={on}
          disabled={toggle.isPending}
          onChange={(event) => toggle.mutate(event.currentTarget.checked)}
          label={t('directory.switch')}
          description={on ? t('directory.onHint') : t('directory.offHint')}
          data-testid="team-directory-switch"
        />
        {toggle.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(toggle.error, t)}
          </Alert>
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('directory.link')}
          </Text>
          <Group gap="sm" wrap="wrap">
            {on ? (
              <Anchor
                href={url}
                target="_blank"
                rel="noopener"
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
                data-testid="team-directory-link"
              >
                {url}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="team-directory-link">
                {url}
              </Text>
            )}
            <CopyButton value={url} timeout={2000}>
              {({ copied, copy }) => (
                <Button size="xs" variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy} disabled={!on}>
                  <span aria-live="polite">{copied ? t('directory.copied') : t('directory.copy')}</span>
                </Button>
              )}
            </CopyButton>
          </Group>
          {on ? null : (
            <Text size="xs" c="dimmed">
              {t('directory.offLink')}
            </Text>
          )}
        </Stack>
        {owner ? (
          <Stack gap={2} align="flex-start" data-testid="team-directory-custom-domain">
            {domain ? (
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {t('directory.customDomainOn', { host: domain.host })}
              </Text>
            ) : null}
            <Anchor component={Link} to="/user/dominios" size="sm">
              {t(domain ? 'directory.customDomainManage' : 'directory.customDomain')}
            </Anchor>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
