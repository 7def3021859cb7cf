import { useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, List, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MAX_ROWS,
  contactImportBodySchema,
  type ContactImportPreview,
  type ContactImportResult,
} from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { SelectField } from '@/components/select-field';
import { useLocale } from '@/components/use-locale';
import { ApiError } from '@/lib/api-error';
import { contractField } from '@/lib/forms/contract-fields';
import { formatNumber } from '@/lib/format';
import { useContactFields } from '../api/get-contact-fields';
import { useImportContacts } from '../api/import-contacts';
import { FieldColumns } from './import-field-columns';
import { ImportPreview } from './import-preview';
import { useCsvPreview } from './use-csv-preview';

/** The new list's name, as the contract takes it. */
const LIST_NAME = contractField(contactImportBodySchema, 'name');

const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.fieldErrors?.[field]?.[0] : undefined);

/**
 * Import a CSV in two steps: choose the file (its first rows come back from the server), then map the
 * columns (the email, the name, and others into contact fields), confirm the people consented, and
 * import. Nothing typed is lost on an error.
 */
export function ImportWizard({ onDone, onCancel }: { onDone: (result: ContactImportResult) => void; onCancel: () => void }) {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const importer = useImportContacts();
  const [name, setName] = useState('');
  const [hasHeader, setHasHeader] = useState(true);
  const [emailColumn, setEmailColumn] = useState<string>('');
  const [nameColumn, setNameColumn] = useState<string>('');
  const [consent, setConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  /** Contact field by column (as text); a column not named is not imported. */
  const [fieldColumns, setFieldColumns] = useState<Record<string, string>>({});
  const fields = useContactFields();
  const { preview, file, csv, fileError, shape, choose } = useCsvPreview((data, next) => {
    setHasHeader(data.headerGuess);
    setEmailColumn(data.emailColumn === null ? '' : String(data.emailColumn));
    setNameColumn(data.nameColumn === null ? '' : String(data.nameColumn));
    setFieldColumns({});
    if (!name) setName(next.name.replace(/\.[^.]+$/, '').slice(0, 120));
  });

  function submit() {
    if (!csv || !shape) return;
    if (!consent) {
      setConsentMissing(true);
      return;
    }
    importer.mutate(
      {
        csv,
        name: name.trim(),
        hasHeader,
        emailColumn: Number(emailColumn),
        nameColumn: nameColumn === '' ? null : Number(nameColumn),
        fieldColumns: Object.entries(fieldColumns)
          .filter(([column, fieldId]) => fieldId !== '' && column !== emailColumn && column !== nameColumn)
          .map(([column, fieldId]) => ({ column: Number(column), fieldId })),
        consent: true,
        confirm,
      },
      { onSuccess: onDone },
    );
  }

  const columnOptions = useColumnOptions(shape, hasHeader);

  return (
    <Paper withBorder radius="md" p="md" data-testid="import-wizard">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('import.title')}
        </Title>
        <FileInput
          label={t('import.file')}
          description={t('import.fileHint', {
            rows: formatNumber(CONTACT_IMPORT_MAX_ROWS, locale),
            mb: CONTACT_IMPORT_MAX_BYTES / 1024 / 1024,
          })}
          accept=".csv,text/csv,text/plain"
          value={file}
          onChange={(f) => void choose(f)}
          error={fileError ?? (preview.isError ? apiErrorMessage(preview.error, t) : undefined)}
          clearable
          data-testid="import-file"
        />
        {preview.isPending ? <Progress value={100} animated aria-label={t('import.reading')} /> : null}
        {shape ? (
          <>
            <ImportPreview shape={shape} hasHeader={hasHeader} columnOptions={columnOptions} />
            <ColumnMapping
              columnOptions={columnOptions}
              hasHeader={hasHeader}
              onHasHeader={setHasHeader}
              emailColumn={emailColumn}
              onEmailColumn={setEmailColumn}
              nameColumn={nameColumn}
              onNameColumn={setNameColumn}
              error={importer.error}
            />
            <FieldColumns
              columns={columnOptions.filter((c) => c.value !== emailColumn && c.value !== nameColumn)}
              fields={fields.data}
              loading={fields.isPending}
              value={fieldColumns}
              onChange={setFieldColumns}
            />
            <TextInput
              label={t('import.listName')}
              required
              maxLength={LIST_NAME.maxLength}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fieldError(importer.error, 'name')}
              data-testid="import-list-name"
            />
            <Checkbox
              label={t('import.consent')}
              checked={consent}
              onChange={(e) => {
                setConsent(e.currentTarget.checked);
                setConsentMissing(false);
              }}
              error={consentMissing ? t('import.consentRequired') : fieldError(importer.error, 'consent')}
              data-testid="import-consent"
            />
            <Checkbox
              label={t('import.confirm')}
              description={t('import.confirmHint')}
              checked={confirm}
              onChange={(e) => setConfirm(e.currentTarget.checked)}
              data-testid="import-confirm"
            />
            {importer.isError && !fieldError(importer.error, 'emailColumn') && !fieldError(importer.error, 'name') ? (
              <Alert color="red" role="alert" data-testid="import-error">
                {apiErrorMessage(importer.error, t)}
              </Alert>
            ) : null}
            {importer.isPending ? <Progress value={100} animated aria-label={t('import.importing')} /> : null}
          </>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('import.cancel')}
          </Button>
          <Button
            onClick={submit}
            disabled={!shape || emailColumn === '' || !name.trim()}
            loading={importer.isPending}
            data-testid="import-submit"
          >
            {t('import.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The columns to choose from, named by the header row when the file has one ("2 · Email"). */
function useColumnOptions(shape: ContactImportPreview | null, hasHeader: boolean) {
  const { t } = useTranslation('audience');
  if (!shape) return [];
  const header = hasHeader ? shape.rows[0] : undefined;
  return Array.from({ length: shape.columns }, (_, i) => ({
    value: String(i),
    label: header?.[i] ? t('import.columnNamed', { n: i + 1, name: header[i] }) : t('import.column', { n: i + 1 }),
  }));
}

/** Whether the first row is a header, and which column holds the email (required) and the name. */
function ColumnMapping({
  columnOptions,
  hasHeader,
  onHasHeader,
  emailColumn,
  onEmailColumn,
  nameColumn,
  onNameColumn,
  error,
}: {
  columnOptions: { value: string; label: string }[];
  hasHeader: boolean;
  onHasHeader: (value: boolean) => void;
  emailColumn: string;
  onEmailColumn: (value: string) => void;
  nameColumn: string;
  onNameColumn: (value: string) => void;
  error: unknown;
}) {
  const { t } = useTranslation('audience');
  return (
    <>
      <Checkbox
        label={t('import.hasHeader')}
        checked={hasHeader}
        onChange={(e) => onHasHeader(e.currentTarget.checked)}
        data-testid="import-has-header"
      />
      <Group grow align="flex-start" wrap="wrap" style={{ rowGap: 'var(--mantine-spacing-sm)' }}>
        <SelectField
          label={t('import.emailColumn')}
          required
          value={emailColumn}
          onChange={onEmailColumn}
          data={[{ value: '', label: t('import.pick') }, ...columnOptions]}
          error={fieldError(error, 'emailColumn')}
          style={{ minWidth: 200 }}
          data-testid="import-email-column"
        />
        <SelectField
          label={t('import.nameColumn')}
          value={nameColumn}
          onChange={onNameColumn}
          data={[{ value: '', label: t('import.noName') }, ...columnOptions]}
          error={fieldError(error, 'nameColumn')}
          style={{ minWidth: 200 }}
          data-testid="import-name-column"
        />
      </Group>
    </>
  );
}

/** What an import did: added, duplicates, the rows left out by line, and the cells that did not fit their field. */
export function ImportReport({ result, onClose }: { result: ContactImportResult; onClose: () => void }) {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  return (
    <Alert
      color="teal"
      title={t('import.doneTitle', { name: result.list.name })}
      withCloseButton
      closeButtonLabel={t('import.close')}
      onClose={onClose}
      data-testid="import-report"
    >
      <Stack gap={4}>
        <Text size="sm" data-testid="import-imported">
          {t('import.imported', { count: result.imported, formatted: formatNumber(result.imported, locale) })}
        </Text>
        <Text size="sm">{t('import.duplicates', { count: result.duplicates, formatted: formatNumber(result.duplicates, locale) })}</Text>
        {result.confirmationsSent > 0 ? (
          <Text size="sm" data-testid="import-confirmations">
            {t('import.confirmationsSent', { count: result.confirmationsSent, formatted: formatNumber(result.confirmationsSent, locale) })}
          </Text>
        ) : null}
        {result.invalidRows > 0 ? (
          <Text size="sm">{t('import.invalid', { count: result.invalidRows, formatted: formatNumber(result.invalidRows, locale) })}</Text>
        ) : null}
        {result.errors.length > 0 ? (
          <List size="sm" data-testid="import-bad-rows">
            {result.errors.map((e, i) => (
              <List.Item key={`${e.line}-${i}`} data-code={e.code}>
                {t(`import.rowError.${e.code}`, { line: e.line, value: e.value })}
              </List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}
