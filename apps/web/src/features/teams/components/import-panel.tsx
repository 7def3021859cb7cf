import { useMemo, useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEAM_IMPORT_MAX_ROWS, type InvitedRole, type TeamImportResult } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { SelectField } from '@/components/select-field';
import { useLocale } from '@/components/use-locale';
import { formatNumber } from '@/lib/format';
import { useImportInvitations } from '../api/import-invitations';
import { readPeople, type CsvPerson } from './csv-rows';
import { useInvitedRoleOptions } from './invite-dialog';
import { SectionHeading } from './parts';

/** The rows shown in the preview; the rest are counted. */
const PREVIEW_ROWS = 20;

function Preview({ people }: { people: CsvPerson[] }) {
  const { t } = useTranslation('teams');
  const locale = useLocale();
  const shown = people.slice(0, PREVIEW_ROWS);
  return (
    <Stack gap={4}>
      <Table.ScrollContainer minWidth={520}>
        <Table striped withTableBorder fz="sm" data-testid="import-preview">
          <caption>{t('import.previewCaption', { count: people.length, formatted: formatNumber(people.length, locale) })}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('import.line')}</Table.Th>
              <Table.Th scope="col">{t('invite.name')}</Table.Th>
              <Table.Th scope="col">{t('invite.email')}</Table.Th>
              <Table.Th scope="col">{t('invite.jobTitle')}</Table.Th>
              <Table.Th scope="col">{t('invite.phone')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((p) => (
              <Table.Tr key={p.line} data-testid="import-preview-row">
                <Table.Td>{p.line}</Table.Td>
                <Table.Td>
                  {p.name || (
                    <Text span size="sm" c="red">
                      {t('import.problem.name')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {p.email}
                  {p.problem === 'email' ? (
                    <Text size="xs" c="red">
                      {t('import.problem.email')}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{p.jobTitle}</Table.Td>
                <Table.Td>{p.phone}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {people.length > shown.length ? (
        <Text size="xs" c="dimmed">
          {t('import.more', { count: people.length - shown.length, formatted: formatNumber(people.length - shown.length, locale) })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What the import did, row by row: invited, or refused with the server's reason. */
export function ImportResults({ result, onClose }: { result: TeamImportResult; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const locale = useLocale();
  return (
    <Alert
      color={result.refused > 0 ? 'yellow' : 'teal'}
      title={t('import.doneTitle')}
      withCloseButton
      closeButtonLabel={t('close')}
      onClose={onClose}
      data-testid="import-results"
    >
      <Stack gap="xs">
        <Text size="sm" data-testid="import-summary">
          {t('import.invited', { count: result.invited, formatted: formatNumber(result.invited, locale) })}
          {result.refused > 0 ? ` ${t('import.refused', { count: result.refused, formatted: formatNumber(result.refused, locale) })}` : ''}
        </Text>
        <Table.ScrollContainer minWidth={420}>
          <Table fz="sm" aria-label={t('import.resultsCaption')} data-testid="import-result-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('import.line')}</Table.Th>
                <Table.Th scope="col">{t('invite.email')}</Table.Th>
                <Table.Th scope="col">{t('import.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.rows.map((row) => (
                <Table.Tr key={row.line} data-testid="import-result-row" data-status={row.status}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email || row.name}</Table.Td>
                  <Table.Td>{row.status === 'invited' ? t('import.rowInvited') : (row.reason?.message ?? t('import.rowRefused'))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Alert>
  );
}

/**
 * Invite several people from a CSV of name, email, job title and phone: pasted or read from a file,
 * previewed as the server will read it, then sent; the answer says what became of each row.
 */
export function ImportPanel({ onDone, onCancel }: { onDone: (result: TeamImportResult) => void; onCancel: () => void }) {
  const { t } = useTranslation('teams');
  const locale = useLocale();
  const importer = useImportInvitations();
  const roles = useInvitedRoleOptions();
  const [csv, setCsv] = useState('');
  const [role, setRole] = useState<InvitedRole>('member');
  const [fileName, setFileName] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
  const people = useMemo(() => readPeople(csv), [csv]);
  const tooMany = people.length > TEAM_IMPORT_MAX_ROWS;

  async function read(file: File | null) {
    resetFile.current?.();
    if (!file) return;
    setFileName(file.name);
    setCsv(await file.text());
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="team-import-title" data-testid="team-import">
      <Stack gap="md">
        <SectionHeading
          id="team-import-title"
          title={t('import.title')}
          intro={t('import.intro', { max: formatNumber(TEAM_IMPORT_MAX_ROWS, locale) })}
        />
        <Group gap="sm">
          <FileButton onChange={(file) => void read(file)} accept=".csv,text/csv,text/plain" resetRef={resetFile}>
            {(props) => (
              <Button {...props} variant="default" data-testid="import-choose-file">
                {t('import.chooseFile')}
              </Button>
            )}
          </FileButton>
          {fileName ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="import-file-name">
              {fileName}
            </Text>
          ) : null}
        </Group>
        <Textarea
          label={t('import.paste')}
          description={t('import.pasteHint')}
          value={csv}
          onChange={(event) => setCsv(event.currentTarget.value)}
          rows={4}
          resize="vertical"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="import-csv"
        />
        {people.length > 0 ? <Preview people={people} /> : null}
        {tooMany ? (
          <Alert color="red" role="alert">
            {t('import.tooMany', { max: formatNumber(TEAM_IMPORT_MAX_ROWS, locale) })}
          </Alert>
        ) : null}
        <SelectField
          label={t('import.role')}
          value={role}
          onChange={(next) => setRole(next as InvitedRole)}
          data={roles}
          maw={320}
          data-testid="import-role"
        />
        {importer.isError ? (
          <Alert color="red" role="alert" data-testid="import-error">
            {apiErrorMessage(importer.error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={importer.isPending}>
            {t('cancel')}
          </Button>
          <Button
            onClick={() => importer.mutate({ csv, role }, { onSuccess: onDone })}
            disabled={people.length === 0 || tooMany}
            loading={importer.isPending}
            data-testid="import-send"
          >
            {t('import.send', { count: people.length, formatted: formatNumber(people.length, locale) })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
