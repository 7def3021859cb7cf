import { useState } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/lib/api-error-message';
import { downloadApplePass } from '../api/download-apple-pass';
import { googleWalletUrl } from '../api/get-google-wallet-url';
import { useWalletAvailability } from '../api/get-wallet-availability';
import { Icon } from './icons';
import { ViewPanel } from './view-panel';

/**
 * "Add to Apple Wallet" / "Save to Google Wallet" for the owner's card: shown only for the wallets the
 * site is configured for, nothing at all when neither is.
 */
export function WalletButtons({ profileId }: { profileId: string }) {
  const { t } = useTranslation('profiles');
  const availability = useWalletAvailability();
  const [busy, setBusy] = useState<'apple' | 'google' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const wallets = availability.data;
  if (!wallets || (!wallets.apple && !wallets.google)) return null;

  const run = async (which: 'apple' | 'google') => {
    setBusy(which);
    setError(null);
    try {
      if (which === 'apple') await downloadApplePass(profileId);
      else window.location.assign(await googleWalletUrl(profileId));
    } catch (cause) {
      setError(apiErrorMessage(cause, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <ViewPanel id="profile-wallet" title={t('view.wallet.title')} description={t('view.wallet.body')} testId="profile-wallet">
      <Group gap="xs" mt="sm">
        {wallets.apple ? (
          <Button
            color="dark"
            leftSection={<Icon name="wallet" />}
            loading={busy === 'apple'}
            onClick={() => void run('apple')}
            data-testid="view-apple-wallet"
          >
            {t('view.wallet.apple')}
          </Button>
        ) : null}
        {wallets.google ? (
          <Button
            color="dark"
            leftSection={<Icon name="external" />}
            loading={busy === 'google'}
            onClick={() => void run('google')}
            data-testid="view-google-wallet"
          >
            {t('view.wallet.google')}
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      ) : null}
    </ViewPanel>
  );
}
