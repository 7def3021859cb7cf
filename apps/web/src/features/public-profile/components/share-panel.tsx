import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ProfileQr } from '@/components/public-profile/profile-qr';
import { ProfileIcon } from '@/components/public-profile/icons';
import { copyLink } from './profile-actions';

/** The QR code of the page and its address, to open it on another device or pass it on. */
export function SharePanel({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation('public-profile');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="public-profile-share-panel">
      <Stack gap="sm" align="center" ta="center">
        <Title order={2} size="h5">
          {t('share.title')}
        </Title>
        <ProfileQr url={url} size={168} />
        <Text size="sm" c="dimmed" maw={360}>
          {t('share.qrHint', { name })}
        </Text>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="public-profile-url">
          {url}
        </Text>
        <Button variant="light" size="xs" leftSection={<ProfileIcon name="link" size={14} />} onClick={() => void copyLink(url, t)} data-testid="public-profile-copy">
          {t('share.copy')}
        </Button>
      </Stack>
    </Paper>
  );
}
