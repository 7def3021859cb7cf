import { Badge, Text, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AutomationEnrolment } from '@enlaza/contracts';
import { KeysetTable } from '@/components/keyset-list';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatDateTime } from '@/lib/format';
import { usePeople } from '../api/get-people';

const STATE_COLORS: Record<AutomationEnrolment['state'], string> = { active: 'blue', finished: 'teal', stopped: 'orange' };

/** Everyone who entered the automation: where they are, when their next email goes, why they stopped; a page at a time. */
export function PeoplePanel({ automationId, timeZone }: { automationId: string; timeZone: string }) {
  const { t } = useTranslation('automations');
  const locale = useLocale();
  const people = usePeople(automationId);
  return (
    <Stack gap="md" data-testid="automation-people">
      <Text size="sm" c="dimmed">
        {t('people.intro')}
      </Text>
      <KeysetTable
        name="automation-people"
        query={people}
        loadMoreLabel={t('people.loadMore')}
        caption={t('people.caption')}
        columns={[
          {
            key: 'email',
            header: t('people.email'),
            hideInCard: true,
            cell: (p: AutomationEnrolment) => <Text style={{ overflowWrap: 'anywhere' }}>{p.email}</Text>,
          },
          { key: 'name', header: t('people.name'), cell: (p) => p.name || '—' },
          {
            key: 'state',
            header: t('people.state'),
            cell: (p) => (
              <Badge variant="light" color={STATE_COLORS[p.state]} data-testid="enrolment-state" data-state={p.state}>
                {t(`people.states.${p.state}`)}
              </Badge>
            ),
          },
          {
            key: 'next',
            header: t('people.next'),
            cell: (p) =>
              p.nextStep !== null && p.nextAt ? t('people.nextAt', { n: p.nextStep, at: formatDateTime(p.nextAt, locale, timeZone) }) : '—',
          },
          { key: 'stop', header: t('people.stopReason'), cell: (p) => (p.stopReason ? t(`people.reasons.${p.stopReason}`) : '—') },
          { key: 'entered', header: t('people.entered'), cell: (p) => formatDate(p.enrolledAt, locale, timeZone) },
        ]}
        rowKey={(p) => p.id}
        cardTitle={(p) => (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {p.email}
          </Text>
        )}
        emptyText={t('people.empty')}
      />
    </Stack>
  );
}
