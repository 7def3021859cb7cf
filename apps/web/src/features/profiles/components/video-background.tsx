import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@enlaza/contracts';
import {
  BACKGROUND_HEIGHT,
  BACKGROUND_LAYOUTS,
  BACKGROUND_WIDTH,
  drawBackground,
  type BackgroundContent,
  type BackgroundLayout,
} from './video-background-draw';
import { Icon } from './icons';
import { HowToSteps, ViewPanel } from './view-panel';

/** The video-call apps whose background settings the steps walk through. */
const APPS = ['zoom', 'meet', 'teams'] as const;
const STEPS = 3;

/**
 * The card's logo at its public address (a PNG the size the background draws it at most), or null:
 * none, or a private card's (its images are not served). Same origin: the canvas stays readable.
 */
async function loadLogo(profile: Profile): Promise<BackgroundContent['logo']> {
  if (!profile.logoFileId || profile.visibility === 'private') return null;
  const image = new Image();
  image.src = `/api/public${profile.publicPath}/logo?v=${profile.logoFileId.slice(0, 8)}&w=320&f=png`;
  try {
    await image.decode();
    return { image, width: image.naturalWidth, height: image.naturalHeight };
  } catch {
    // A logo that does not load leaves it out; the rest of the background is drawn.
    return null;
  }
}

/** Everything the background needs, loaded: the logo, the QR code's modules, and the fonts of its text. */
async function loadContent(profile: Profile, url: string, texts: { role: string; caption: string }): Promise<BackgroundContent> {
  const fontFamily = getComputedStyle(document.documentElement).getPropertyValue('--app-font-family').trim() || 'sans-serif';
  const qr = profile.visibility === 'private' ? null : (await import('qrcode')).create(url, { errorCorrectionLevel: 'M' }).modules;
  // The app's faces for these very characters (the Latin file, or the extended one), before drawing:
  // a canvas draws with whatever font is there when it draws.
  const all = `${profile.name}${texts.role}${texts.caption}`;
  // (A browser without the font loading API draws with what it has.)
  const fonts = typeof document.fonts?.load === 'function' ? document.fonts : null;
  if (fonts) await Promise.all([700, 500, 400].map((weight) => fonts.load(`${weight} 40px ${fontFamily}`, all).catch(() => [])));
  return {
    name: profile.name,
    role: texts.role,
    color: profile.theme.color,
    logo: await loadLogo(profile),
    qr,
    caption: texts.caption,
    fontFamily,
  };
}

/** A file name from the card's name: letters and digits of any script, the rest as hyphens. */
const fileNameOf = (name: string, layout: BackgroundLayout) =>
  `background-${name.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 40) || 'card'}-${layout}.png`;

/**
 * A card's video-call backgrounds (1920×1080 PNG, for Zoom, Google Meet and Microsoft Teams): its
 * colour, logo, name, role and QR code, in three layouts, drawn in the browser from the card as it
 * is now (an edit or a team template's change shows at once), with a download and the steps per app.
 */
export function VideoBackgroundPanel({ profile, url }: { profile: Profile; url: string }) {
  const { t } = useTranslation('profiles');
  const [layout, setLayout] = useState<BackgroundLayout>('left');
  const [content, setContent] = useState<BackgroundContent | null>(null);
  const [failed, setFailed] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const role = [profile.card?.jobTitle, profile.card?.company].filter(Boolean).join(' · ');
  const caption = t('view.background.caption');

  useEffect(() => {
    let current = true;
    loadContent(profile, url, { role, caption }).then(
      (loaded) => {
        if (current) setContent(loaded);
      },
      (error: unknown) => {
        console.error('the video-call background could not be drawn', error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [profile, url, role, caption]);

  useEffect(() => {
    const context = content ? canvas.current?.getContext('2d') : null;
    if (content && context) drawBackground(context, content, layout);
  }, [content, layout]);

  const download = () =>
    canvas.current?.toBlob((blob) => {
      if (!blob) return;
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = fileNameOf(profile.name, layout);
      link.click();
      // Kept a while: a browser may start reading the file only after the click has returned.
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    }, 'image/png');

  return (
    <ViewPanel
      id="profile-background"
      title={t('view.background.title')}
      description={t('view.background.body')}
      testId="profile-background"
    >
      <Stack gap="sm" mt="sm">
        {failed ? (
          <Alert color="red" role="alert" data-testid="background-failed">
            {t('view.background.failed')}
          </Alert>
        ) : null}
        {profile.visibility === 'private' ? (
          <Alert color="gray" data-testid="background-private">
            {t('view.background.private')}
          </Alert>
        ) : null}
        <SegmentedControl
          value={layout}
          onChange={setLayout}
          data={BACKGROUND_LAYOUTS.map((value) => ({ value, label: t(`view.background.layouts.${value}`) }))}
          aria-label={t('view.background.layout')}
          data-testid="background-layout"
        />
        {/* Shown while the logo, the QR code and the fonts load; the canvas stays mounted under it to be drawn on. */}
        <Skeleton visible={!content && !failed} radius="sm">
          <canvas
            ref={canvas}
            width={BACKGROUND_WIDTH}
            height={BACKGROUND_HEIGHT}
            className="background-preview"
            role="img"
            aria-label={t('view.background.previewAlt', { layout: t(`view.background.layouts.${layout}`) })}
            data-testid="background-preview"
            data-layout={layout}
            data-ready={content ? 'true' : 'false'}
          />
        </Skeleton>
        <Group gap="xs">
          <Button leftSection={<Icon name="download" />} onClick={download} disabled={!content} data-testid="background-download">
            {t('view.background.download')}
          </Button>
        </Group>
        <HowToSteps
          apps={APPS.map((app) => ({
            value: app,
            name: t(`view.background.apps.${app}.name`),
            steps: Array.from({ length: STEPS }, (_, step) => t(`view.background.apps.${app}.step${step + 1}`)),
          }))}
          testId="background-steps"
        />
      </Stack>
    </ViewPanel>
  );
}
