import { ActionIcon, Button, CopyButton, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { useShareUrl } from '@/lib/api/custom-domains';
import { publicLink } from '@/lib/public-url';

/** The public address as visitors open it (on PUBLIC_URL, as the server's own pages print it). */
export const publicUrlOf = (publicPath: string) => publicLink(publicPath);

/** The address to share for a card or tag: its verified custom domain's, else its short address on PUBLIC_URL. */
export const useProfileShareUrl = (profileId: string, sharePath: string) => useShareUrl('profile', profileId, publicUrlOf(sharePath));

/**
 * Copies a profile's public link (its custom domain's when one is verified); says "Copied" for a
 * moment (announced politely). `onCopied`: after each copy.
 */
export function CopyLinkButton({
  profileId,
  publicPath,
  name,
  compact = false,
  onCopied,
}: {
  profileId: string;
  publicPath: string;
  name: string;
  compact?: boolean;
  onCopied?: () => void;
}) {
  const { t } = useTranslation('profiles');
  const url = useProfileShareUrl(profileId, publicPath);
  return (
    <CopyButton value={url} timeout={2000}>
      {({ copied, copy: copyLink }) => {
        const copy = () => {
          copyLink();
          onCopied?.();
        };
        return compact ? (
          <Tooltip label={copied ? t('actions.copied') : t('actions.copyLink')} withArrow>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={copy}
              aria-label={copied ? t('actions.copied') : t('actions.copyLinkOf', { name })}
              color={copied ? 'teal' : undefined}
              data-testid="profile-copy-link"
            >
              <Icon name="link" />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            variant={copied ? 'light' : 'default'}
            color={copied ? 'teal' : undefined}
            leftSection={<Icon name="link" />}
            onClick={copy}
            data-testid="profile-copy-link"
          >
            <span aria-live="polite">{copied ? t('actions.copied') : t('actions.copyLink')}</span>
          </Button>
        );
      }}
    </CopyButton>
  );
}
