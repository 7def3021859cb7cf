import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The bar of the selected files, kept in view at the bottom: how many, to the trash, clear the selection. */
export function BulkBar({
  count,
  trashing,
  onTrash,
  onClear,
}: {
  count: number;
  trashing: boolean;
  onTrash: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation(['cloud', 'admin']);
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      role="region"
      aria-label={t('select.region')}
      data-testid="cloud-bulk-bar"
      style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 5 }}
    >
      <Group gap="xs" justify="space-between">
        <Text size="sm" fw={600} aria-live="polite" data-testid="cloud-bulk-count">
          {t('select.count', { count })}
        </Text>
        <Group gap="xs">
          <Button size="xs" color="red" variant="light" loading={trashing} onClick={onTrash} data-testid="cloud-bulk-trash">
            {t('select.trash')}
          </Button>
          <Button size="xs" variant="subtle" onClick={onClear} data-testid="cloud-bulk-clear">
            {t('select.clear')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
