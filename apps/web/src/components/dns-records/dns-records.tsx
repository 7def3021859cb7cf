import { Badge, Button, Code, CopyButton, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './dns-records.css';

/** What the last check found for a record. */
export type DnsRecordStatus = 'unchecked' | 'found' | 'missing' | 'mismatch';

/** One record to publish, as the table shows it. */
export interface DnsRecordRow {
  /** Stable key, also the row's `data-kind`. */
  key: string;
  /** What the record is for, in a word ("DKIM", "Ownership"). */
  title: string;
  /** A line under the title ("Required"), when there is one. */
  note?: string;
  type: string;
  name: string;
  value: string;
  status: DnsRecordStatus;
  /** What the DNS answered instead, for a mismatch. */
  seen: string[];
}

const STATUS_COLOR: Record<DnsRecordStatus, string> = { unchecked: 'gray', found: 'teal', missing: 'red', mismatch: 'orange' };

/**
 * The words come from the caller's namespace, which holds the same `records.*` keys: kind, type,
 * name, value, check, copy, copied, copyName and copyValue ({{kind}}), cardTitle ({{kind}}, {{type}}),
 * seen (plural) and status.<status>. `testId` prefixes every test id (`<testId>-record-value`…).
 */
interface Props {
  ns: string;
  testId: string;
  caption: string;
  records: DnsRecordRow[];
}

/** A record's name or value, whole (a DKIM key wraps), with a button that copies it. */
function CopyableText({ ns, value, copyLabel, testId }: { ns: string; value: string; copyLabel: string; testId: string }) {
  const { t } = useTranslation(ns);
  return (
    <Stack gap={4} align="flex-start" style={{ minWidth: 0, width: '100%' }}>
      <Code block className="dns-record-text" data-testid={testId}>
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
function RecordStatus({ ns, record, testId }: { ns: string; record: DnsRecordRow; testId: string }) {
  const { t } = useTranslation(ns);
  return (
    <Badge color={STATUS_COLOR[record.status]} variant="light" tt="none" data-testid={`${testId}-record-status`}>
      {t(`records.status.${record.status}`)}
    </Badge>
  );
}

/** A record whose name holds another value: what the DNS answered instead. */
function SeenValues({ ns, record, testId }: { ns: string; record: DnsRecordRow; testId: string }) {
  const { t } = useTranslation(ns);
  if (record.status !== 'mismatch' || record.seen.length === 0) return null;
  return (
    <Stack gap={4} data-testid={`${testId}-record-seen`}>
      <Text size="xs" fw={600}>
        {t('records.seen', { count: record.seen.length })}
      </Text>
      {record.seen.map((seen, i) => (
        <Code key={i} block className="dns-record-text">
          {seen}
        </Code>
      ))}
    </Stack>
  );
}

/**
 * DNS records to publish, with what the last check found for each: a table where its box is wide
 * enough, a card per record otherwise (a long value, such as a DKIM key, wraps in both). Shared by the
 * sending domains and the custom domains.
 */
export function DnsRecords({ ns, testId, caption, records }: Props) {
  const { t } = useTranslation(ns);
  const copyName = (record: DnsRecordRow) => t('records.copyName', { kind: record.title });
  const copyValue = (record: DnsRecordRow) => t('records.copyValue', { kind: record.title });
  const shared = { ns, testId };
  // TXT fits the narrow column; CNAME needs a little more.
  const typeWidth = records.some((record) => record.type.length > 3) ? 76 : 56;

  return (
    <div className="dns-records" data-testid={`${testId}-records`}>
      <Table className="dns-records-wide" verticalSpacing="xs" layout="fixed" data-testid={`${testId}-records-table`}>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={112}>
              {t('records.kind')}
            </Table.Th>
            <Table.Th scope="col" w={typeWidth}>
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
          {records.map((record) => (
            <Table.Tr key={record.key} data-testid={`${testId}-record`} data-kind={record.key}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {record.title}
                </Text>
                {record.note ? (
                  <Text size="xs" c="dimmed">
                    {record.note}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{record.type}</Text>
              </Table.Td>
              <Table.Td>
                <CopyableText ns={ns} value={record.name} copyLabel={copyName(record)} testId={`${testId}-record-name`} />
              </Table.Td>
              <Table.Td>
                <Stack gap="xs">
                  <CopyableText ns={ns} value={record.value} copyLabel={copyValue(record)} testId={`${testId}-record-value`} />
                  <SeenValues {...shared} record={record} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <RecordStatus {...shared} record={record} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <ul className="dns-records-cards" aria-label={caption} data-testid={`${testId}-records-cards`}>
        {records.map((record) => (
          <li key={record.key} className="dns-record-card" data-testid={`${testId}-record-card`} data-kind={record.key}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {t('records.cardTitle', { kind: record.title, type: record.type })}
                {record.note ? (
                  <Text span size="xs" c="dimmed" fw={400}>
                    {' · '}
                    {record.note}
                  </Text>
                ) : null}
              </Text>
              <RecordStatus {...shared} record={record} />
            </Group>
            <dl>
              <dt>{t('records.name')}</dt>
              <dd>
                <CopyableText ns={ns} value={record.name} copyLabel={copyName(record)} testId={`${testId}-record-card-name`} />
              </dd>
              <dt>{t('records.value')}</dt>
              <dd>
                <Stack gap="xs">
                  <CopyableText ns={ns} value={record.value} copyLabel={copyValue(record)} testId={`${testId}-record-card-value`} />
                  <SeenValues {...shared} record={record} />
                </Stack>
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
