import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { otherNameSplits, splitFullName } from '@enlaza/contracts';
import { useSession } from '@/lib/session';

type Names = { firstName: string; lastName: string };

/** Where a person's "that's right" is kept, per card (this browser). */
const confirmedKey = (cardId: string) => `name-split-confirmed:${cardId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The first card's names are split from the registered full name (`splitFullName`). When that split
 * is a guess ("Lucía Fernández Ruiz": one family name or two?), the editor of that card asks: the
 * split as made, "That's right", and each other way to cut the name, which fills the two fields (kept
 * once saved). Shown while the card's names are still the guess and nobody said it is right.
 */
export function NameSplitCheck({ cardId, names, onChoose }: { cardId: string; names: Names; onChoose: (names: Names) => void }) {
  const { t } = useTranslation('profiles');
  const { user } = useSession();
  const [confirmed, setConfirmed] = useState(() => storage()?.getItem(confirmedKey(cardId)) === '1');
  if (!user || user.perfil_id !== cardId || confirmed) return null;
  const guess = splitFullName(user.name);
  if (!guess.ambiguous || guess.firstName !== names.firstName.trim() || (guess.lastName ?? '') !== names.lastName.trim()) return null;
  const confirm = () => {
    storage()?.setItem(confirmedKey(cardId), '1');
    setConfirmed(true);
  };
  return (
    <Alert color="blue" title={t('nameSplit.title')} mb="md" data-testid="name-split-check">
      <Text size="sm">{t('nameSplit.body', { given: guess.firstName, family: guess.lastName ?? '' })}</Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={confirm} data-testid="name-split-right">
          {t('nameSplit.right')}
        </Button>
        {otherNameSplits(user.name).map((split) => (
          <Button key={split.firstName} size="xs" variant="default" onClick={() => onChoose(split)} data-testid="name-split-other">
            {t('nameSplit.other', { given: split.firstName, family: split.lastName })}
          </Button>
        ))}
      </Group>
    </Alert>
  );
}
