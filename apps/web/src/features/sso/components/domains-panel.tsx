import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SsoDomain } from '@enlaza/contracts';
import { notify } from '@/components/notifications';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useAddSsoDomain } from '../api/add-sso-domain';
import { useCheckSsoDomain } from '../api/check-sso-domain';
import { useDeleteSsoDomain } from '../api/delete-sso-domain';
import { DnsRecords } from '@/components/dns-records/dns-records';

function DomainRow({ domain }: { domain: SsoDomain }) {
  const { t } = useTranslation('sso');
  const check = useCheckSsoDomain();
  const remove = useDeleteSsoDomain();
  const [notFound, setNotFound] = useState(false);
  const proven = domain.status === 'verified';
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-testid={`sso-domain-${domain.domain}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {domain.domain}
            </Text>
            <Badge color={proven ? 'teal' : 'yellow'} variant="light" data-testid="sso-domain-status">
              {t(proven ? 'domains.verified' : 'domains.pending')}
            </Badge>
          </Group>
          <Group gap="xs">
            {proven ? null : (
              <Button
                size="xs"
                variant="default"
                loading={check.isPending}
                onClick={() =>
                  check.mutate(domain.id, {
                    onSuccess: (d) => {
                      setNotFound(d.status !== 'verified');
                      if (d.status === 'verified') notify('success', t('domains.checkedOk', { domain: d.domain }));
                    },
                  })
                }
                data-testid="sso-domain-check"
              >
                {t('domains.check')}
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(domain.id, { onSuccess: () => notify('success', t('domains.deleted', { domain: domain.domain })) })
              }
              aria-label={`${t('domains.delete')}: ${domain.domain}`}
            >
              {t('domains.delete')}
            </Button>
          </Group>
        </Group>
        {proven ? null : (
          <DnsRecords
            ns="sso"
            testId="sso-domain"
            caption={t('records.caption', { host: domain.domain })}
            records={[
              {
                key: 'ownership',
                title: t('domains.record'),
                type: domain.record.type,
                name: domain.record.name,
                value: domain.record.value,
                status: domain.checkedAt ? 'missing' : 'unchecked',
                seen: [],
              },
            ]}
          />
        )}
        {notFound && !proven ? (
          <Text size="xs" c="dimmed" role="status" data-testid="sso-domain-not-found">
            {t('domains.checkedPending')}
          </Text>
        ) : null}
        {check.isError || remove.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(check.error ?? remove.error, t)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The email domains the team's SSO covers, each proven by a TXT record before it applies. */
export function DomainsPanel({ domains }: { domains: SsoDomain[] }) {
  const { t } = useTranslation('sso');
  const add = useAddSsoDomain();
  const [domain, setDomain] = useState('');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    add.mutate(domain, { onSuccess: () => setDomain('') });
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-labelledby="sso-domains-title" data-testid="sso-domains">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="sso-domains-title">
            {t('domains.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('domains.intro')}
          </Text>
        </div>
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('domains.domain')}
              placeholder="acme.com"
              value={domain}
              onChange={(e) => setDomain(e.currentTarget.value)}
              style={{ flex: 1, minWidth: 180 }}
              error={add.isError ? apiErrorMessage(add.error, t) : undefined}
              data-testid="sso-domain-input"
            />
            <Button type="submit" loading={add.isPending} data-testid="sso-domain-add">
              {t('domains.add')}
            </Button>
          </Group>
        </form>
        {domains.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="sso-domains-empty">
            {t('domains.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('domains.list')}>
            {domains.map((d) => (
              <DomainRow key={d.id} domain={d} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
