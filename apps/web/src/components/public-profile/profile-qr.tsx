import { useEffect, useState } from 'react';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { renderQr, svgDataUrl, type QrImages } from './qr-images';
import './profile-qr.css';

export interface ProfileQrProps {
  /** The absolute address the code opens. */
  url: string;
  /** Shown size in CSS pixels. */
  size?: number;
  /** File name (without extension) of the downloads. */
  downloadName?: string;
  /** Shows "Download PNG" and "Download SVG". */
  withDownloads?: boolean;
  /** After either download is clicked. */
  onDownload?: () => void;
}

/** The QR code of a public page, with optional PNG / SVG downloads. */
export function ProfileQr({ url, size = 180, downloadName = 'qr-code', withDownloads = false, onDownload }: ProfileQrProps) {
  const { t } = useTranslation('public-profile');
  const [images, setImages] = useState<QrImages | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    renderQr(url).then(
      (next) => {
        if (current) setImages(next);
      },
      (error: unknown) => {
        console.error('QR code could not be generated', error);
        if (current) setFailed(url);
      },
    );
    return () => {
      current = false;
    };
  }, [url]);

  const ready = images?.url === url ? images : null;
  const frame = size + 16;

  return (
    <Stack gap="xs" align="center" data-testid="profile-qr">
      {ready ? (
        <img
          className="profile-qr-image"
          src={svgDataUrl(ready.svg)}
          width={size}
          height={size}
          alt={t('qr.alt', { url })}
          data-testid="profile-qr-image"
        />
      ) : failed === url ? (
        <Text size="sm" c="dimmed" role="alert" w={frame} ta="center">
          {t('qr.failed')}
        </Text>
      ) : (
        <Skeleton width={frame} height={frame} radius="md" aria-label={t('qr.loading')} />
      )}
      {withDownloads ? (
        <Group gap="xs" justify="center">
          <Button
            component="a"
            size="xs"
            variant="default"
            href={ready?.png}
            download={`${downloadName}.png`}
            disabled={!ready}
            onClick={onDownload}
            data-testid="profile-qr-png"
          >
            {t('qr.downloadPng')}
          </Button>
          <Button
            component="a"
            size="xs"
            variant="default"
            href={ready ? svgDataUrl(ready.svg) : undefined}
            download={`${downloadName}.svg`}
            disabled={!ready}
            onClick={onDownload}
            data-testid="profile-qr-svg"
          >
            {t('qr.downloadSvg')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
