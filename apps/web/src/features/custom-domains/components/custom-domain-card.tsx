import { Anchor, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomDomain } from '@enlaza/contracts';
import { DnsRecords } from '@/components/dns-records/dns-records';
import { DomainActions } from '@/components/dns-records/domain-actions';
import { notify } from '@/components/notifications';
import { useCheckCustomDomain } from '../api/check-custom-domain';

const STATUS_COLOR: Record<CustomDomain['status'], string> = { pending: 'yellow', verified: 'teal', failed: 'red' };

/**
 * One of my domains: its state in words, what it serves, its address once verified, a DNS check on
 * demand and the two records to publish.
 */
export function CustomDomainCard({ domain, onDelete }: { domain: CustomDomain; onDelete: () => void }) {
  const { t } = useTranslation('custom-domains');
  const check = useCheckCustomDomain();
  const titleId = `custom-domain-${domain.id}`;

  const runCheck = () =>
    check.mutate(domain.id, {
      onSuccess: (checked) =>
        notify('success', t(checked.status === 'verified' ? 'check.verified' : 'check.notYet', { host: checked.host })),
    });

  return (
    <Paper component="li" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={titleId} data-testid="custom-domain">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {domain.host}
          </Title>
          <Badge color={STATUS_COLOR[domain.status]} variant="light" tt="none" data-testid="custom-domain-status">
            {t(`status.${domain.status}`)}
          </Badge>
        </Group>

        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="custom-domain-target">
          <Text span fw={600}>
            {t('serves')}
          </Text>{' '}
          {domain.target.kind === 'team' ? t('servesTeam', { name: domain.target.name }) : domain.target.name}
        </Text>

        <Text size="sm" data-testid="custom-domain-state">
          {t(`state.${domain.status}`)}
        </Text>
        {domain.status === 'verified' ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {t('address')}
            </Text>{' '}
            <Anchor href={domain.url} target="_blank" rel="noopener" data-testid="custom-domain-url">
              {domain.url}
              <VisuallyHidden>{t('newTab')}</VisuallyHidden>
            </Anchor>
          </Text>
        ) : null}

        <DnsRecords
          ns="custom-domains"
          testId="custom-domain"
          caption={t('records.caption', { host: domain.host })}
          records={domain.records.map((record) => ({
            key: record.kind,
            title: t(`records.kinds.${record.kind}`),
            type: record.type,
            name: record.name,
            value: record.value,
            status: record.status,
            seen: record.seen,
          }))}
        />

        <DomainActions
          t={t}
          check={check}
          checkedAt={domain.checkedAt}
          onCheck={runCheck}
          onDelete={onDelete}
          name={domain.host}
          nameKey="host"
          testId="custom-domain"
        />
      </Stack>
    </Paper>
  );
}
