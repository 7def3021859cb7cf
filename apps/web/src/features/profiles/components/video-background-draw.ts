import { textOn } from '@enlaza/contracts';

/** Full HD, the size Zoom, Google Meet and Microsoft Teams ask for a virtual background. */
export const BACKGROUND_WIDTH = 1920;
export const BACKGROUND_HEIGHT = 1080;

/** Where the name, the logo and the QR code go: a column on the left or the right, or a band along the bottom. */
export const BACKGROUND_LAYOUTS = ['left', 'right', 'bottom'] as const;
export type BackgroundLayout = (typeof BACKGROUND_LAYOUTS)[number];

/** The QR code's modules (the `qrcode` library's matrix, without its quiet zone). */
export interface QrModules {
  size: number;
  get: (row: number, column: number) => number | boolean;
}

/** What a background shows, all of it from the card. */
export interface BackgroundContent {
  name: string;
  /** "Job title · Company", or empty. */
  role: string;
  /** The card's colour, `#rrggbb`. */
  color: string;
  /** The card's logo, loaded; null: none (or a private card's, which has no public address). */
  logo: { image: CanvasImageSource; width: number; height: number } | null;
  /** The card's public link as a QR code; null for a private card (its link leads nowhere). */
  qr: QrModules | null;
  /** Said beside the QR code ("Scan to save my contact"). */
  caption: string;
  /** The CSS font stack the text is drawn in (the app's). */
  fontFamily: string;
}

/** What is kept clear at the edges: the apps crop a little of a background, above all on phones. */
export const MARGIN = 120;
const QR_BOX = 240;
const BAND_HEIGHT = 300;
const GAP = 32;

/** `#rrggbb` mixed with black (`toward` 0) or white (1) by `amount`. */
function mix(hex: string, toward: 0 | 1, amount: number): string {
  const channel = (i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const target = toward * 255;
  const mixed = [0, 1, 2].map((i) => Math.round(channel(i) + (target - channel(i)) * amount));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The font size at which `text` fits `maxWidth`, from `largest` down to `smallest`; at the smallest
 * size a text still too wide is cut with an ellipsis. Answers the size and the text to draw.
 */
function fitText(
  ctx: CanvasRenderingContext2D,
  text: string,
  { weight, largest, smallest, maxWidth, family }: { weight: number; largest: number; smallest: number; maxWidth: number; family: string },
): { size: number; text: string } {
  let size = largest;
  const measure = (value: string) => {
    ctx.font = `${weight} ${size}px ${family}`;
    return ctx.measureText(value).width;
  };
  while (size > smallest && measure(text) > maxWidth) size -= 2;
  if (measure(text) <= maxWidth) return { size, text };
  const characters = [...text];
  while (characters.length > 1 && measure(`${characters.join('')}…`) > maxWidth) characters.pop();
  return { size, text: `${characters.join('').trimEnd()}…` };
}

/** Dark modules on a white rounded square with a quiet zone of at least four modules (ISO/IEC 18004). */
function drawQr(ctx: CanvasRenderingContext2D, qr: QrModules, x: number, y: number, box: number): void {
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(x, y, box, box, 16);
  ctx.fill();
  const module = Math.floor(box / (qr.size + 8));
  const offset = Math.floor((box - module * qr.size) / 2);
  ctx.fillStyle = '#000000';
  for (let row = 0; row < qr.size; row++) {
    for (let column = 0; column < qr.size; column++) {
      if (qr.get(row, column)) ctx.fillRect(x + offset + column * module, y + offset + row * module, module, module);
    }
  }
}

/** The logo scaled into `maxWidth` × `maxHeight`, never enlarged; answers its drawn width and height. */
function logoSize(logo: NonNullable<BackgroundContent['logo']>, maxWidth: number, maxHeight: number) {
  const scale = Math.min(maxWidth / logo.width, maxHeight / logo.height, 1);
  return { width: Math.round(logo.width * scale), height: Math.round(logo.height * scale) };
}

/**
 * Draws a 1920×1080 video-call background on `ctx`: the card's colour in a soft diagonal gradient,
 * the logo, the name and the role in the layout's place, and the card's QR code with its caption.
 * The person sits in the middle of the picture: everything is kept to a side or to the bottom band,
 * within MARGIN of the edges. Text is black or white, whichever reads on the colour
 * (`textOn`), and the gradient turns lighter under black text and darker under white, so it reads
 * everywhere; a name too long for its place is drawn smaller, then cut.
 */
export function drawBackground(ctx: CanvasRenderingContext2D, content: BackgroundContent, layout: BackgroundLayout): void {
  const ink = textOn(content.color);
  const family = content.fontFamily;
  const gradient = ctx.createLinearGradient(0, 0, BACKGROUND_WIDTH, BACKGROUND_HEIGHT);
  gradient.addColorStop(0, content.color);
  gradient.addColorStop(1, ink === '#000000' ? mix(content.color, 1, 0.3) : mix(content.color, 0, 0.35));
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, BACKGROUND_WIDTH, BACKGROUND_HEIGHT);

  const right = layout === 'right';
  const alignAt = (x: number, width: number) => (right ? x - width : x);
  const text = (value: string, x: number, y: number, font: { weight: number; largest: number; smallest: number; maxWidth: number }) => {
    if (!value) return;
    const fitted = fitText(ctx, value, { ...font, family });
    ctx.font = `${font.weight} ${fitted.size}px ${family}`;
    ctx.fillStyle = ink;
    ctx.textAlign = right ? 'right' : 'left';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(fitted.text, x, y);
  };
  const caption = (x: number, centreY: number, maxWidth: number, align: 'left' | 'right') => {
    if (!content.qr || !content.caption) return;
    const fitted = fitText(ctx, content.caption, { weight: 500, largest: 32, smallest: 22, maxWidth, family });
    ctx.font = `500 ${fitted.size}px ${family}`;
    ctx.fillStyle = ink;
    ctx.textAlign = align;
    ctx.textBaseline = 'middle';
    ctx.fillText(fitted.text, x, centreY);
  };

  if (layout === 'bottom') {
    const top = BACKGROUND_HEIGHT - BAND_HEIGHT;
    // A band that deepens the contrast of the text on it: darker under white, lighter under black.
    ctx.fillStyle = ink === '#000000' ? 'rgba(255, 255, 255, 0.35)' : 'rgba(0, 0, 0, 0.28)';
    ctx.fillRect(0, top, BACKGROUND_WIDTH, BAND_HEIGHT);
    const qrBox = QR_BOX - 20;
    const qrX = BACKGROUND_WIDTH - MARGIN - qrBox;
    const qrY = top + (BAND_HEIGHT - qrBox) / 2;
    let x = MARGIN;
    if (content.logo) {
      const size = logoSize(content.logo, 240, 120);
      ctx.drawImage(content.logo.image, x, top + (BAND_HEIGHT - size.height) / 2, size.width, size.height);
      x += size.width + 48;
    }
    const captionWidth = content.qr ? 360 : 0;
    const textWidth = (content.qr ? qrX - GAP - captionWidth - 48 : BACKGROUND_WIDTH - MARGIN) - x;
    text(content.name, x, top + 140, { weight: 700, largest: 68, smallest: 40, maxWidth: textWidth });
    text(content.role, x, top + 200, { weight: 400, largest: 38, smallest: 26, maxWidth: textWidth });
    if (content.qr) {
      drawQr(ctx, content.qr, qrX, qrY, qrBox);
      caption(qrX - GAP, qrY + qrBox / 2, captionWidth, 'right');
    }
    return;
  }

  const columnWidth = 760;
  const edge = right ? BACKGROUND_WIDTH - MARGIN : MARGIN;
  let y = MARGIN;
  if (content.logo) {
    const size = logoSize(content.logo, 320, 120);
    ctx.drawImage(content.logo.image, alignAt(edge, size.width), y, size.width, size.height);
    y += size.height + 64;
  }
  text(content.name, edge, y + 72, { weight: 700, largest: 76, smallest: 44, maxWidth: columnWidth });
  text(content.role, edge, y + 72 + 60, { weight: 400, largest: 40, smallest: 28, maxWidth: columnWidth });
  if (content.qr) {
    const qrY = BACKGROUND_HEIGHT - MARGIN - QR_BOX;
    drawQr(ctx, content.qr, alignAt(edge, QR_BOX), qrY, QR_BOX);
    caption(right ? edge - QR_BOX - GAP : edge + QR_BOX + GAP, qrY + QR_BOX / 2, columnWidth - QR_BOX - GAP, right ? 'right' : 'left');
  }
}
