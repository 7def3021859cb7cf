import { ScrollArea, Table, Text } from '@mantine/core';
import type { ContactImportPreview } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { formatNumber } from '@/lib/format';

/** The first rows of the chosen CSV as the server read them, under the columns' names. */
export function ImportPreview({
  shape,
  hasHeader,
  columnOptions,
}: {
  shape: ContactImportPreview;
  hasHeader: boolean;
  columnOptions: { value: string; label: string }[];
}) {
  const { t } = useTranslation('audience');
  const locale = useLocale();
  const sample = shape.rows.slice(hasHeader ? 1 : 0, 6);
  return (
    <>
      <Text size="sm">{t('import.previewIntro', { count: shape.totalRows, formatted: formatNumber(shape.totalRows, locale) })}</Text>
      <ScrollArea type="auto">
        <Table withTableBorder striped fz="sm" data-testid="import-preview">
          <caption>{t('import.previewCaption')}</caption>
          <Table.Thead>
            <Table.Tr>
              {columnOptions.map((c) => (
                <Table.Th key={c.value} scope="col">
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sample.map((row, r) => (
              <Table.Tr key={r}>
                {columnOptions.map((c, i) => (
                  <Table.Td key={c.value} style={{ overflowWrap: 'anywhere' }}>
                    {row[i] ?? ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}
