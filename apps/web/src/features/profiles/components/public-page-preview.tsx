import { useCallback, useRef, useState } from 'react';
import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePreviewLink } from '../api/preview-link';
import { apiErrorMessage } from '@/lib/api-error-message';

/**
 * The owner's preview: the public page itself, as the server renders it for visitors (one look to
 * keep right), in an iframe of a signed preview address. Its height follows the page's.
 */
export function PublicPagePreview({
  id,
  version,
  title,
  onShown,
}: {
  id: string;
  version: string;
  title: string;
  /** When the page has loaded in the frame (the owner has it before their eyes). */
  onShown?: () => void;
}) {
  const { t } = useTranslation('profiles');
  const link = usePreviewLink(id, version);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(560);
  const fit = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (doc?.documentElement) setHeight(Math.max(320, doc.documentElement.scrollHeight));
    onShown?.();
  }, [onShown]);

  if (link.isError) return <Alert color="red">{apiErrorMessage(link.error, t)}</Alert>;
  if (!link.data) return <Skeleton height={height} radius="lg" />;
  return (
    <iframe
      ref={frame}
      src={link.data.url}
      title={title}
      onLoad={fit}
      style={{ width: '100%', height, border: 0, borderRadius: 'var(--mantine-radius-lg)', display: 'block' }}
      data-testid="profile-public-preview"
    />
  );
}
