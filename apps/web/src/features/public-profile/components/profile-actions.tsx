import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicProfile } from '@enlaza/contracts';
import { ProfileIcon } from '@/components/public-profile/icons';
import { notify } from '@/components/notifications';

/** Copies the address; says so in a toast (or shows it when the clipboard is refused). */
export async function copyLink(url: string, t: (key: string, options?: Record<string, unknown>) => string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(url);
    notify('success', t('share.copied'));
  } catch {
    notify('error', t('share.copyFailed', { url }));
  }
}

/** The system share sheet when the browser has one, otherwise the link is copied. */
export async function shareLink(title: string, url: string, t: (key: string, options?: Record<string, unknown>) => string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The visitor closed the sheet.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyLink(url, t);
}

/** "Save contact" (the vCard) and "Share", under the profile's name. */
export function ProfileActions({ profile, url }: { profile: PublicProfile; url: string }) {
  const { t } = useTranslation('public-profile');
  const canSave = profile.kind === 'card' || profile.tag?.ownerContact != null;
  return (
    <>
      {canSave ? (
        <Button component="a" href={profile.vcardPath} download color={profile.theme.color} autoContrast leftSection={<ProfileIcon name="download" size={16} />} data-testid="public-profile-save">
          {t('actions.saveContact')}
        </Button>
      ) : null}
      <Button variant="default" leftSection={<ProfileIcon name="share" size={16} />} onClick={() => void shareLink(profile.name, url, t)} data-testid="public-profile-share">
        {t('actions.share')}
      </Button>
    </>
  );
}
