import { Anchor, Fieldset, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { ContactField } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectField } from '@/components/select-field';

/** The CSV's other columns (not the email's nor the name's), each into a contact field or not imported. */
export function FieldColumns({
  columns,
  fields,
  loading,
  value,
  onChange,
}: {
  columns: { value: string; label: string }[];
  fields: ContactField[] | undefined;
  loading: boolean;
  /** Field id by column; '' or absent: not imported. */
  value: Record<string, string>;
  onChange: (value: Record<string, string>) => void;
}) {
  const { t } = useTranslation('audience');
  if (columns.length === 0) return null;
  return (
    <Fieldset legend={t('import.fieldColumns')} variant="unstyled" data-testid="import-field-columns">
      {loading ? (
        <Skeleton height={36} />
      ) : !fields || fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('import.noFields')}{' '}
          <Anchor component={Link} to="/user/campanas/audiencia?tab=campos" size="sm">
            {t('import.addFields')}
          </Anchor>
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {t('import.fieldColumnsHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            {columns.map((column) => (
              <SelectField
                key={column.value}
                label={column.label}
                value={value[column.value] ?? ''}
                onChange={(fieldId) => onChange({ ...value, [column.value]: fieldId })}
                data={[
                  { value: '', label: t('import.doNotImport') },
                  ...fields.map((f) => ({
                    value: f.id,
                    label: t('import.fieldOption', { name: f.name, type: t(`fields.types.${f.type}`) }),
                  })),
                ]}
                data-testid={`import-field-column-${column.value}`}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Fieldset>
  );
}
