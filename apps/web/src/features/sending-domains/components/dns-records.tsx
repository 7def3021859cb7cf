import { Badge, Button, Code, CopyButton, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SendingDnsRecord, SendingDomain } from '@enlaza/contracts';
import './sending-domains.css';

const KIND_LABEL: Record<SendingDnsRecord['kind'], string> = { dkim: 'DKIM', spf: 'SPF', dmarc: 'DMARC' };
const STATUS_COLOR: Record<SendingDnsRecord['status'], string> = { unchecked: 'gray', found: 'teal', missing: 'red', mismatch: 'orange' };

/** A record's name or value, whole (a DKIM key wraps), with a button that copies it. */
function CopyableText({ value, copyLabel, testId }: { value: string; copyLabel: string; testId: string }) {
  const { t } = useTranslation('sending-domains');
  return (
    <Stack gap={4} align="flex-start" style={{ minWidth: 0, width: '100%' }}>
      <Code block className="sending-record-text" data-testid={testId}>
        {value}
      </Code>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant={copied ? 'light' : 'default'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            aria-label={copied ? t('records.copied') : copyLabel}
            data-testid={`${testId}-copy`}
          >
            <span aria-live="polite">{copied ? t('records.copied') : t('records.copy')}</span>
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** What the last check found for one record, in words (never the colour alone). */
function RecordStatus({ record }: { record: SendingDnsRecord }) {
  const { t } = useTranslation('sending-domains');
  return (
    <Badge color={STATUS_COLOR[record.status]} variant="light" tt="none" data-testid="sending-record-status">
      {t(`records.status.${record.status}`)}
    </Badge>
  );
}

/** A record whose name holds another value: what the DNS answered instead. */
function SeenValues({ record }: { record: SendingDnsRecord }) {
  const { t } = useTranslation('sending-domains');
  if (record.status !== 'mismatch' || record.seen.length === 0) return null;
  return (
    <Stack gap={4} data-testid="sending-record-seen">
      <Text size="xs" fw={600}>
        {t('records.seen', { count: record.seen.length })}
      </Text>
      {record.seen.map((seen, i) => (
        <Code key={i} block className="sending-record-text">
          {seen}
        </Code>
      ))}
    </Stack>
  );
}

/**
 * The TXT records to publish for a domain, with what the last check found for each: a table where its
 * box is wide enough, a card per record otherwise (the DKIM key, some 400 characters, wraps in both).
 */
export function DnsRecords({ domain }: { domain: SendingDomain }) {
  const { t } = useTranslation('sending-domains');
  const kind = (record: SendingDnsRecord) => KIND_LABEL[record.kind];
  const need = (record: SendingDnsRecord) => t(record.required ? 'records.required' : 'records.recommended');
  const copyName = (record: SendingDnsRecord) => t('records.copyName', { kind: kind(record) });
  const copyValue = (record: SendingDnsRecord) => t('records.copyValue', { kind: kind(record) });
  const caption = t('records.caption', { domain: domain.domain });

  return (
    <div className="sending-records" data-testid="sending-records">
      <Table className="sending-records-wide" verticalSpacing="xs" layout="fixed" data-testid="sending-records-table">
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={112}>
              {t('records.kind')}
            </Table.Th>
            <Table.Th scope="col" w={56}>
              {t('records.type')}
            </Table.Th>
            <Table.Th scope="col" w="28%">
              {t('records.name')}
            </Table.Th>
            <Table.Th scope="col">{t('records.value')}</Table.Th>
            <Table.Th scope="col" w={132}>
              {t('records.check')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {domain.records.map((record) => (
            <Table.Tr key={record.kind} data-testid="sending-record" data-kind={record.kind}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {kind(record)}
                </Text>
                <Text size="xs" c="dimmed">
                  {need(record)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{record.type}</Text>
              </Table.Td>
              <Table.Td>
                <CopyableText value={record.name} copyLabel={copyName(record)} testId="sending-record-name" />
              </Table.Td>
              <Table.Td>
                <Stack gap="xs">
                  <CopyableText value={record.value} copyLabel={copyValue(record)} testId="sending-record-value" />
                  <SeenValues record={record} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <RecordStatus record={record} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <ul className="sending-records-cards" aria-label={caption} data-testid="sending-records-cards">
        {domain.records.map((record) => (
          <li key={record.kind} className="sending-record-card" data-testid="sending-record-card" data-kind={record.kind}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {t('records.cardTitle', { kind: kind(record), type: record.type })}
                <Text span size="xs" c="dimmed" fw={400}>
                  {' · '}
                  {need(record)}
                </Text>
              </Text>
              <RecordStatus record={record} />
            </Group>
            <dl>
              <dt>{t('records.name')}</dt>
              <dd>
                <CopyableText value={record.name} copyLabel={copyName(record)} testId="sending-record-card-name" />
              </dd>
              <dt>{t('records.value')}</dt>
              <dd>
                <Stack gap="xs">
                  <CopyableText value={record.value} copyLabel={copyValue(record)} testId="sending-record-card-value" />
                  <SeenValues record={record} />
                </Stack>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
