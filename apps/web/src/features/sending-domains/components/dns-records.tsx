import { useTranslation } from 'react-i18next';
import type { SendingDnsRecord, SendingDomain } from '@enlaza/contracts';
import { DnsRecords as DnsRecordsTable } from '@/components/dns-records/dns-records';

const KIND_LABEL: Record<SendingDnsRecord['kind'], string> = { dkim: 'DKIM', spf: 'SPF', dmarc: 'DMARC' };

/** The TXT records to publish for a domain (DKIM, DMARC, SPF), each required or recommended, with what the last check found. */
export function DnsRecords({ domain }: { domain: SendingDomain }) {
  const { t } = useTranslation('sending-domains');
  return (
    <DnsRecordsTable
      ns="sending-domains"
      testId="sending"
      caption={t('records.caption', { domain: domain.domain })}
      records={domain.records.map((record) => ({
        key: record.kind,
        title: KIND_LABEL[record.kind],
        note: t(record.required ? 'records.required' : 'records.recommended'),
        type: record.type,
        name: record.name,
        value: record.value,
        status: record.status,
        seen: record.seen,
      }))}
    />
  );
}
