import { Alert, Button, Code, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SsoTestResult } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useSsoTest } from '../api/get-sso-test';
import { useStartSsoTest } from '../api/start-sso-test';

const FIELDS = ['email', 'givenName', 'familyName', 'jobTitle'] as const;

function Result({ result }: { result: SsoTestResult }) {
  const { t } = useTranslation('sso');
  if (result.status === 'waiting')
    return (
      <Text size="sm" c="dimmed" data-testid="sso-test-waiting">
        <Loader size="xs" mr="xs" />
        {t('test.waiting')}
      </Text>
    );
  if (result.status === 'failed')
    return (
      <Alert color="red" role="alert" title={t('test.failed')} data-testid="sso-test-failed">
        {result.error?.message}
      </Alert>
    );
  return (
    <Stack gap="sm" data-testid="sso-test-result">
      <Alert color={result.domainCovered ? 'teal' : 'yellow'} title={t('test.succeeded')}>
        {t(result.domainCovered ? 'test.covered' : 'test.notCovered')}
      </Alert>
      <Table withTableBorder withColumnBorders>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('test.subject')}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{result.subject}</Table.Td>
          </Table.Tr>
          {FIELDS.map((field) => (
            <Table.Tr key={field}>
              <Table.Th scope="row">{t(`provider.${field}`)}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid={`sso-test-${field}`}>
                {result.mapped[field] ?? t('test.missing')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" fw={500}>
        {t('test.claims')}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {JSON.stringify(result.claims, null, 2)}
      </Code>
    </Stack>
  );
}

/** "Test sign-in": the trip to the identity provider, then (back here with `?test=`) what came back, mapped. Nobody is signed in. */
export function TestPanel({ testId, ready }: { testId: string | null; ready: boolean }) {
  const { t } = useTranslation('sso');
  const start = useStartSsoTest();
  const result = useSsoTest(testId);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-labelledby="sso-test-title" data-testid="sso-test">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="sso-test-title">
          {t('test.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('test.intro')}
        </Text>
        <Button
          variant="default"
          disabled={!ready}
          loading={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
          data-testid="sso-test-start"
        >
          {t('test.start')}
        </Button>
        {start.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(start.error, t)}
          </Alert>
        ) : null}
        {result.data ? <Result result={result.data} /> : null}
        {result.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(result.error, t)}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
