import { Button, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '@/components/line-icon';
import { getToken } from '@/lib/session';

/**
 * Shows the other scheme at once; a signed-in user's choice is also saved with their preferences,
 * as Preferences saves it (the signed-in sync applies the saved theme after a reload).
 */
export function switchColorScheme(scheme: 'light' | 'dark', show: (scheme: 'light' | 'dark') => void): Promise<void> {
  show(scheme);
  if (!getToken()) return Promise.resolve();
  return import('@/lib/save-preferences')
    .then((m) => m.saveThemePreference(scheme))
    .catch((error: unknown) => console.error('Saving the colour scheme failed', error));
}

export function ColorSchemeToggle() {
  const { t } = useTranslation('common');
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const dark = computed === 'dark';
  const label = dark ? t('colorScheme.toLight') : t('colorScheme.toDark');
  return (
    <Button
      variant="default"
      size="xs"
      h={34}
      w={34}
      px={0}
      aria-label={label}
      title={label}
      data-testid="color-scheme-toggle"
      onClick={() => void switchColorScheme(dark ? 'light' : 'dark', setColorScheme)}
    >
      {dark ? (
        <LineIcon>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </LineIcon>
      ) : (
        <LineIcon>
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </LineIcon>
      )}
    </Button>
  );
}
