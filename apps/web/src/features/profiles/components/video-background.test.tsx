import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import QRCode from 'qrcode';
import type { Profile } from '@enlaza/contracts';
import { render } from '@/test/render';
import { BACKGROUND_HEIGHT, BACKGROUND_WIDTH, drawBackground, MARGIN, type BackgroundContent } from './video-background-draw';
import { VideoBackgroundPanel } from './video-background';

type Drawn = { kind: 'rect' | 'text'; x: number; y: number; width?: number; height?: number; text?: string; style: string; align?: string };

/**
 * A 2D context that records what is drawn: rectangles and texts with their colour and alignment. A
 * text measures 0.55 of its font size per character, so fitting can be checked without a real font.
 */
function recordingContext() {
  const drawn: Drawn[] = [];
  const ctx = {
    fillStyle: '' as unknown,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    createLinearGradient: () => ({ addColorStop: () => undefined }),
    beginPath: () => undefined,
    roundRect: () => undefined,
    fill: () => undefined,
    drawImage: () => undefined,
    fillRect(x: number, y: number, width: number, height: number) {
      drawn.push({ kind: 'rect', x, y, width, height, style: typeof this.fillStyle === 'string' ? this.fillStyle : 'gradient' });
    },
    fillText(text: string, x: number, y: number) {
      drawn.push({ kind: 'text', x, y, text, style: String(this.fillStyle), align: this.textAlign });
    },
    measureText(text: string) {
      const size = Number(/(\d+)px/.exec(this.font)?.[1] ?? 0);
      return { width: [...text].length * size * 0.55 };
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, drawn, fontOf: () => ctx.font };
}

const URL_OF_CARD = 'https://enlaza.example/link/ana/3f2b6c1e8d4a';
const qr = QRCode.create(URL_OF_CARD, { errorCorrectionLevel: 'M' }).modules;
const darkModules = () => {
  let count = 0;
  for (let row = 0; row < qr.size; row++) for (let column = 0; column < qr.size; column++) if (qr.get(row, column)) count++;
  return count;
};

const content = (overrides: Partial<BackgroundContent> = {}): BackgroundContent => ({
  name: 'Ana García',
  role: 'Architect · Enlaza',
  color: '#1c3d5a',
  logo: null,
  qr,
  caption: 'Scan to save my contact',
  fontFamily: 'sans-serif',
  ...overrides,
});

describe('a video-call background', () => {
  it('fills the whole 1920×1080 picture with the colour, then writes in white on a dark colour and in black on a light one', () => {
    for (const [color, ink] of [
      ['#1c3d5a', '#ffffff'],
      ['#ffd43b', '#000000'],
    ] as const) {
      const { ctx, drawn } = recordingContext();
      drawBackground(ctx, content({ color }), 'left');
      expect(drawn[0]).toMatchObject({ kind: 'rect', x: 0, y: 0, width: BACKGROUND_WIDTH, height: BACKGROUND_HEIGHT });
      const texts = drawn.filter((d) => d.kind === 'text');
      expect(texts.map((d) => d.text)).toEqual(['Ana García', 'Architect · Enlaza', 'Scan to save my contact']);
      for (const text of texts) expect(text.style).toBe(ink);
    }
  });

  it('keeps the name and the QR code to the side of its layout, clear of the edges, and the person’s middle free', () => {
    const placed = (layout: 'left' | 'right' | 'bottom') => {
      const { ctx, drawn } = recordingContext();
      drawBackground(ctx, content(), layout);
      const name = drawn.find((d) => d.text === 'Ana García')!;
      const modules = drawn.filter((d) => d.kind === 'rect' && d.style === '#000000');
      return { name, modules };
    };
    const left = placed('left');
    expect(left.name).toMatchObject({ x: MARGIN, align: 'left' });
    expect(left.modules).toHaveLength(darkModules());
    for (const m of left.modules) expect(m.x + m.width!).toBeLessThan(BACKGROUND_WIDTH / 3);

    const right = placed('right');
    expect(right.name).toMatchObject({ x: BACKGROUND_WIDTH - MARGIN, align: 'right' });
    for (const m of right.modules) expect(m.x).toBeGreaterThan((BACKGROUND_WIDTH * 2) / 3);

    const bottom = placed('bottom');
    expect(bottom.name.y).toBeGreaterThan(BACKGROUND_HEIGHT - 300);
    for (const m of bottom.modules) {
      expect(m.y).toBeGreaterThan(BACKGROUND_HEIGHT - 300);
      expect(m.x + m.width!).toBeLessThanOrEqual(BACKGROUND_WIDTH - MARGIN);
    }
  });

  it('draws a long name smaller, and cuts one still too long with an ellipsis', () => {
    const { ctx, drawn } = recordingContext();
    drawBackground(ctx, content({ name: 'Maria de los Angeles Fernandez-Villaverde y Santos de la Rosa' }), 'left');
    const name = drawn.find((d) => d.kind === 'text' && d.y < 400)!;
    expect(name.text!.endsWith('…')).toBe(true);
    // At the smallest size (44 px) the cut name fits the 760 px column.
    expect([...name.text!].length * 44 * 0.55).toBeLessThanOrEqual(760);

    const short = recordingContext();
    drawBackground(short.ctx, content({ name: 'Ana' }), 'left');
    expect(short.drawn.find((d) => d.text === 'Ana')).toBeTruthy();
  });

  it('draws no QR code and no caption for a private card', () => {
    const { ctx, drawn } = recordingContext();
    drawBackground(ctx, content({ qr: null }), 'bottom');
    expect(drawn.filter((d) => d.kind === 'rect' && d.style === '#000000')).toHaveLength(0);
    expect(drawn.some((d) => d.text === 'Scan to save my contact')).toBe(false);
  });
});

const PROFILE = {
  id: '3f2b6c1e-8d4a-4b7e-9c1d-2a5e6f7a8b9c',
  kind: 'card',
  name: 'Ana García',
  photoFileId: null,
  coverFileId: null,
  logoFileId: null,
  theme: { color: '#1c3d5a', layout: 'classic' },
  visibility: 'public',
  card: { firstName: 'Ana', lastName: 'García', jobTitle: 'Arquitecta', company: 'Enlaza' },
  publicPath: '/link/ana/3f2b6c1e-8d4a-4b7e-9c1d-2a5e6f7a8b9c',
  sharePath: '/link/ana',
} as unknown as Profile;

describe('the video-call background panel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws the card in the screen’s language, redraws it in another layout, and says how to use it per app', async () => {
    const { ctx, drawn } = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx);
    await render(<VideoBackgroundPanel profile={PROFILE} url={URL_OF_CARD} />, { locale: 'es' });
    expect(screen.getByRole('heading', { name: 'Fondo para videollamadas' })).toBeTruthy();
    const preview = screen.getByTestId('background-preview');
    expect(preview.getAttribute('role')).toBe('img');
    expect(preview.getAttribute('aria-label')).toBe('Vista previa del fondo para videollamadas, diseño: Izquierda');
    await waitFor(() => expect(drawn.some((d) => d.text === 'Ana García' && d.align === 'left')).toBe(true));
    expect(drawn.some((d) => d.text === 'Arquitecta · Enlaza')).toBe(true);
    expect(drawn.some((d) => d.text === 'Escanea para guardar mi contacto')).toBe(true);

    fireEvent.click(screen.getByText('Derecha'));
    await waitFor(() => expect(drawn.some((d) => d.text === 'Ana García' && d.align === 'right')).toBe(true));
    expect(preview.getAttribute('aria-label')).toBe('Vista previa del fondo para videollamadas, diseño: Derecha');
    for (const app of ['Zoom', 'Google Meet', 'Microsoft Teams']) expect(screen.getByRole('button', { name: app })).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('background-download').disabled).toBe(false);
  });

  it('says a private card’s background has no QR code, and draws none', async () => {
    const { ctx, drawn } = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx);
    await render(<VideoBackgroundPanel profile={{ ...PROFILE, visibility: 'private' }} url={URL_OF_CARD} />, { locale: 'en' });
    expect(screen.getByTestId('background-private').textContent).toContain('no QR code');
    await waitFor(() => expect(drawn.some((d) => d.text === 'Ana García')).toBe(true));
    expect(drawn.filter((d) => d.kind === 'rect' && d.style === '#000000')).toHaveLength(0);
  });
});
