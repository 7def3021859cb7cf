import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MethodKindName } from '@enlaza/contracts';

/** "Add a card" / "Add a bank account (SEPA Direct Debit)": only the kinds the provider can save. */
export function AddMethodButtons({
  kinds,
  onAdd,
  variant = 'filled',
}: {
  kinds: readonly MethodKindName[];
  onAdd: (kind: MethodKindName) => void;
  variant?: 'filled' | 'light' | 'subtle';
}) {
  const { t } = useTranslation('billing');
  return (
    <Group gap="xs" wrap="wrap">
      {kinds.map((kind) => (
        <Button
          key={kind}
          variant={kind === kinds[0] ? variant : variant === 'filled' ? 'light' : variant}
          size={variant === 'subtle' ? 'compact-sm' : 'sm'}
          // A long label ("Añadir una cuenta bancaria (adeudo directo SEPA)") wraps on a phone instead of being cut.
          h="auto"
          mih={variant === 'subtle' ? 26 : 36}
          maw="100%"
          py={4}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.35 } }}
          onClick={() => onAdd(kind)}
          data-testid={`methods-add-${kind}`}
        >
          {kind === 'sepa_debit' ? t('methods.addAccount') : t('methods.add')}
        </Button>
      ))}
    </Group>
  );
}
