import { LoadError, LoadingRows } from '@/components/load-states';
import { useState } from 'react';
import { Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FailedJob } from '@enlaza/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/components/notifications';
import { usePageTitle } from '@/components/use-page-title';
import { useLocale } from '@/components/use-locale';
import { apiErrorMessage } from '@/lib/api-error-message';
import { formatDateTime } from '@/lib/format';
import { useDiscardFailedJob } from '../api/discard-failed-job';
import { useFailedJobs } from '../api/list-failed-jobs';
import { useRetryFailedJob } from '../api/retry-failed-job';

/** One failed job: its kind, when it gave up, how often it was tried, why, and what it carried. */
function FailedJobItem({ job, onDiscard }: { job: FailedJob; onDiscard: (job: FailedJob) => void }) {
  const { t } = useTranslation(['admin-jobs', 'admin']);
  const locale = useLocale();
  const retry = useRetryFailedJob();
  const attempts = job.retryCount + 1;
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="failed-job">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Code data-testid="failed-job-name">{job.name}</Code>
          <Badge color="red" variant="light">
            {t('failed')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {job.failedOn
            ? t('failedOn', { date: formatDateTime(job.failedOn, locale), count: attempts })
            : t('attempts', { count: attempts })}
        </Text>
        <Text size="sm" data-testid="failed-job-error">
          {job.error ?? t('noError')}
        </Text>
        <details>
          <summary>
            <Text component="span" size="sm">
              {t('payload')}
            </Text>
          </summary>
          <Code block mt={6} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {JSON.stringify(job.data, null, 2)}
          </Code>
        </details>
        {retry.isError ? (
          <Text size="sm" c="red" role="alert">
            {apiErrorMessage(retry.error, t)}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button
            size="xs"
            loading={retry.isPending}
            onClick={() => retry.mutate(job.id, { onSuccess: () => notify('success', t('retried', { name: job.name })) })}
            data-testid="failed-job-retry"
          >
            {t('retry')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onDiscard(job)} data-testid="failed-job-discard">
            {t('discard')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/jobs: background jobs that used up their retries; run one again, or discard it. */
export default function AdminJobsPage() {
  const { t } = useTranslation(['admin-jobs', 'admin', 'pages']);
  usePageTitle(t('pages:admin.jobs'));
  const query = useFailedJobs();
  const discard = useDiscardFailedJob();
  const [discarding, setDiscarding] = useState<FailedJob | null>(null);
  const jobs = query.data ?? [];
  return (
    <Stack gap="lg" data-testid="admin-jobs-page">
      <div>
        <Title order={1}>{t('pages:admin.jobs')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <LoadingRows rows={3} height={120} />
      ) : jobs.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="failed-jobs-empty">
          {t('empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" data-testid="failed-jobs-count">
            {t('count', { count: jobs.length })}
          </Text>
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('pages:admin.jobs')}>
            {jobs.map((job) => (
              <FailedJobItem key={job.id} job={job} onDiscard={setDiscarding} />
            ))}
          </Stack>
        </>
      )}
      <ConfirmDialog
        opened={discarding !== null}
        title={t('discardTitle')}
        confirmLabel={t('discard')}
        danger
        loading={discard.isPending}
        error={discard.error ? apiErrorMessage(discard.error, t) : null}
        onConfirm={() => discarding && discard.mutate(discarding.id, { onSuccess: () => setDiscarding(null) })}
        onClose={() => {
          setDiscarding(null);
          discard.reset();
        }}
      >
        {t('discardText', { name: discarding?.name ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
