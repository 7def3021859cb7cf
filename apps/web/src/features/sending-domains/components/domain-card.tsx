import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SendingDomain } from '@enlaza/contracts';
import { notify } from '@/components/notifications';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCheckSendingDomain } from '../api/check-sending-domain';
import { useUpdateSendingDomain } from '../api/update-sending-domain';
import { DomainActions } from '@/components/dns-records/domain-actions';
import { DnsRecords } from './dns-records';

const STATUS_COLOR: Record<SendingDomain['status'], string> = { pending: 'yellow', verified: 'teal', failed: 'red' };

/** What a domain's state means for the campaigns, in one sentence. */
function stateSentence(domain: SendingDomain): string {
  if (domain.status === 'pending') return 'state.pending';
  if (domain.status === 'failed') return domain.inUse ? 'state.failedInUse' : 'state.failed';
  return domain.inUse ? 'state.inUse' : 'state.verified';
}

/**
 * One of my domains: its state in words, the address campaigns come from, the switch that chooses it
 * for campaigns (once verified), a DNS check on demand and its records.
 */
export function DomainCard({
  domain,
  onChangeAddress,
  onDelete,
}: {
  domain: SendingDomain;
  onChangeAddress: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['sending-domains', 'common']);
  const check = useCheckSendingDomain();
  const update = useUpdateSendingDomain();
  const titleId = `sending-domain-${domain.id}`;
  // The switch is there once the domain is verified, and while it is still chosen (to turn it off).
  const choosable = domain.status === 'verified' || domain.inUse;

  const runCheck = () =>
    check.mutate(domain.id, {
      onSuccess: (checked) =>
        notify('success', t(checked.status === 'verified' ? 'check.verified' : 'check.notYet', { domain: checked.domain })),
    });

  return (
    <Paper component="li" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={titleId} data-testid="sending-domain">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {domain.domain}
          </Title>
          <Group gap={6}>
            {domain.inUse ? (
              <Badge color="blue" variant="light" tt="none" data-testid="sending-domain-in-use">
                {t('inUse')}
              </Badge>
            ) : null}
            <Badge color={STATUS_COLOR[domain.status]} variant="light" tt="none" data-testid="sending-domain-status">
              {t(`status.${domain.status}`)}
            </Badge>
          </Group>
        </Group>

        <Text size="sm" data-testid="sending-domain-state">
          {t(stateSentence(domain), { address: domain.address })}
        </Text>

        <Group gap="xs" wrap="wrap" align="center">
          <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            <Text span fw={600}>
              {t('from')}
            </Text>{' '}
            <span data-testid="sending-domain-address">{domain.address}</span>
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={onChangeAddress}
            aria-label={t('address.changeAria', { domain: domain.domain })}
            data-testid="sending-domain-change-address"
          >
            {t('address.change')}
          </Button>
        </Group>

        {choosable ? (
          <Switch
            checked={domain.inUse}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ id: domain.id, body: { inUse: event.currentTarget.checked } })}
            label={t('use')}
            description={t('useHint', { address: domain.address })}
            data-testid="sending-domain-use"
          />
        ) : null}
        {update.isError ? (
          <Alert color="red" role="alert" data-testid="sending-domain-use-error">
            {apiErrorMessage(update.error, t)}
          </Alert>
        ) : null}

        <DnsRecords domain={domain} />

        <DomainActions
          t={t}
          check={check}
          checkedAt={domain.checkedAt}
          onCheck={runCheck}
          onDelete={onDelete}
          name={domain.domain}
          nameKey="domain"
          testId="sending-domain"
        />
      </Stack>
    </Paper>
  );
}
