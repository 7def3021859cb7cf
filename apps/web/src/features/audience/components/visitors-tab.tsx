import { useState } from 'react';
import { Badge, Button, Stack, Text, TextInput } from '@mantine/core';
import type { AudienceVisitor } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { KeysetTable } from '@/components/keyset-list';
import { useLocale } from '@/components/use-locale';
import { formatDate } from '@/lib/format';
import { useVisitors } from '../api/get-visitors';
import { ConsentProofsDialog } from './consent-proofs';
import { PersonFieldsDialog } from './person-fields-dialog';

/**
 * "All contacts": everyone who wrote through one of my cards or tags and agreed to hear from me —
 * the people campaigns to those profiles reach — with the card they wrote through, when they agreed,
 * and whether campaigns still reach them (an unsubscribed or bounced address is left out).
 */
export function VisitorsTab() {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const [q, setQ] = useState('');
  const list = useVisitors(q.trim());
  const [proofsOf, setProofsOf] = useState<string | null>(null);
  const [fieldsOf, setFieldsOf] = useState<string | null>(null);

  return (
    <Stack gap="md" data-testid="visitors-tab">
      <Text size="sm" c="dimmed">
        {t('visitors.intro')}
      </Text>
      <TextInput label={t('visitors.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} maw={360} type="search" />
      <KeysetTable
        name="visitors"
        query={list}
        loadMoreLabel={t('loadMore')}
        caption={t('visitors.caption')}
        columns={[
          {
            key: 'email',
            header: t('visitors.email'),
            cell: (v: AudienceVisitor) => <Text style={{ overflowWrap: 'anywhere' }}>{v.email}</Text>,
            hideInCard: true,
          },
          { key: 'name', header: t('visitors.name'), cell: (v) => v.name || '—' },
          { key: 'source', header: t('visitors.source'), cell: (v) => v.profileName },
          { key: 'consent', header: t('visitors.consentedAt'), cell: (v) => formatDate(v.consentedAt, locale) },
          {
            key: 'status',
            header: t('visitors.status'),
            cell: (v) =>
              v.pending ? (
                <Badge variant="light" color="gray" data-testid="visitor-status" data-status="pending">
                  {t('consent.pending')}
                </Badge>
              ) : v.suppressed ? (
                <Badge variant="light" color="orange" data-testid="visitor-status" data-status={v.suppressed}>
                  {t(`reasons.${v.suppressed}`)}
                </Badge>
              ) : (
                <Badge variant="light" color="teal" data-testid="visitor-status" data-status="subscribed">
                  {t('visitors.subscribed')}
                </Badge>
              ),
          },
          {
            key: 'proof',
            header: t('consent.proof'),
            cell: (v) => (
              <Button size="xs" variant="subtle" onClick={() => setProofsOf(v.email)} aria-label={t('consent.proofOf', { email: v.email })}>
                {t('consent.proof')}
              </Button>
            ),
          },
          {
            key: 'fields',
            header: t('personFields.button'),
            cell: (v) => (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setFieldsOf(v.email)}
                aria-label={t('personFields.buttonLabel', { email: v.email })}
                data-testid="visitor-fields"
              >
                {t('personFields.button')}
              </Button>
            ),
          },
        ]}
        rowKey={(v) => v.email}
        cardTitle={(v) => (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {v.email}
          </Text>
        )}
        emptyText={q ? t('visitors.noMatch') : t('visitors.empty')}
      />
      <ConsentProofsDialog email={proofsOf} onClose={() => setProofsOf(null)} />
      <PersonFieldsDialog email={fieldsOf} onClose={() => setFieldsOf(null)} />
    </Stack>
  );
}
