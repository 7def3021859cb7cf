import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type CatalogueAction = 'activate' | 'deactivate' | 'delete';

/** A catalogue row's buttons: edit, deactivate or reactivate, and delete while nothing uses the item. */
export function CatalogueRowActions({
  row,
  onEdit,
  onAction,
}: {
  row: { name: string; active: boolean; uses: number };
  onEdit: () => void;
  onAction: (action: CatalogueAction) => void;
}) {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" onClick={onEdit} aria-label={t('editAria', { name: row.name })} data-testid="catalogue-edit">
        {t('edit')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color={row.active ? 'red' : undefined}
        onClick={() => onAction(row.active ? 'deactivate' : 'activate')}
        aria-label={t(row.active ? 'deactivate.aria' : 'activate.aria', { name: row.name })}
        data-testid={row.active ? 'catalogue-deactivate' : 'catalogue-activate'}
      >
        {t(row.active ? 'deactivate.button' : 'activate.button')}
      </Button>
      {row.uses === 0 ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => onAction('delete')}
          aria-label={t('delete.aria', { name: row.name })}
          data-testid="catalogue-delete"
        >
          {t('delete.button')}
        </Button>
      ) : null}
    </Group>
  );
}
