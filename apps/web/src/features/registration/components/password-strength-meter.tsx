import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@enlaza/contracts';
import { passwordStrength } from './password-strength';

const COLORS = ['gray', 'red', 'yellow', 'teal', 'green'] as const;
const LABELS = ['tooShort', 'weak', 'fair', 'good', 'strong'] as const;

/** A hint of how strong the typed password looks (the server has the last word). */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('register');
  const score = passwordStrength(password);
  const label = t(`strength.${LABELS[score]}`, { min: PASSWORD_MIN_LENGTH });
  return (
    <div id={id}>
      <Progress value={password ? Math.max(8, score * 25) : 0} color={COLORS[score]} size="sm" radius="xl" aria-hidden mt={6} />
      <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('strength.hint', { min: PASSWORD_MIN_LENGTH })}
        </Text>
        {password ? (
          <Text size="xs" fw={600} c={score === 0 ? 'dimmed' : COLORS[score]} data-testid="password-strength">
            {label}
          </Text>
        ) : null}
      </Group>
    </div>
  );
}
