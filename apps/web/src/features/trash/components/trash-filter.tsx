import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TRASH_KINDS, type TrashKind } from '@enlaza/contracts';

export type TrashFilterValue = TrashKind | 'all';

/** Everything in the trash, or one kind of item. */
export function TrashFilter({ value, onChange }: { value: TrashFilterValue; onChange: (value: TrashFilterValue) => void }) {
  const { t } = useTranslation(['trash', 'admin', 'common']);
  return (
    <Chip.Group multiple={false} value={value} onChange={(next) => onChange(next)}>
      <Group gap="xs" role="radiogroup" aria-label={t('filter')} data-testid="trash-filter">
        {(['all', ...TRASH_KINDS] as const).map((kind) => (
          <Chip key={kind} value={kind} size="sm" variant="outline" wrapperProps={{ 'data-testid': `trash-filter-${kind}` }}>
            {t(`filters.${kind}`)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
