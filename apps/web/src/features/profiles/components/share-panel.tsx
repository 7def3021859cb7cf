import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile } from '@enlaza/contracts';
import { ProfileQr } from '@/components/public-profile/profile-qr';
import { servingDomain, useCustomDomains } from '@/lib/api/custom-domains';

/**
 * A card's or tag's QR code and the address it opens: its verified custom domain when it has one,
 * else PUBLIC_URL's short address (`url`, from useProfileShareUrl). Below, the way to the custom
 * domains screen, and which host serves it when one does.
 */
export function SharePanel({ profile, url, onShared }: { profile: Profile; url: string; onShared: () => void }) {
  const { t } = useTranslation('profiles');
  const domain = servingDomain(useCustomDomains().data, 'profile', profile.id);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="profile-qr-title">
      <Title order={2} size="h4" id="profile-qr-title" mb="sm">
        {t('view.qrTitle')}
      </Title>
      <ProfileQr
        url={url}
        size={200}
        downloadName={`qr-${profile.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 40) || 'profile'}`}
        withDownloads
        onDownload={onShared}
      />
      <Text size="xs" c="dimmed" ta="center" mt="xs" style={{ overflowWrap: 'anywhere' }} data-testid="view-public-url">
        {url}
      </Text>
      <Stack gap={2} align="center" mt="sm" data-testid="view-custom-domain">
        {domain ? (
          <Text size="xs" ta="center" style={{ overflowWrap: 'anywhere' }}>
            {t('view.customDomainOn', { host: domain.host })}
          </Text>
        ) : null}
        <Anchor component={Link} to="/user/dominios" size="sm">
          {t(domain ? 'view.customDomainManage' : 'view.customDomain')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
