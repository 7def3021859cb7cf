import { Resvg } from '@resvg/resvg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, renderQr } from './qr-images';

const URL_OF_PROFILE = 'https://enlaza.example/link/ana-garcia/4f0c1a52-6f0e-4d1b-9c3a-0b5d1e2f3a4b';

type Pixels = { width: number; height: number; data: Uint8Array | Uint8ClampedArray };
const dark = (img: Pixels, x: number, y: number) => (img.data[(y * img.width + x) * 4] ?? 255) < 128;

/**
 * The white border around the code, in modules, on each side, measured from the pixels: a module's
 * size is the top-left finder pattern's width divided by 7 (its 7 modules, ISO/IEC 18004 §6.3.3).
 */
function quietZone(img: Pixels) {
  let top = -1,
    bottom = -1,
    left = img.width,
    right = -1;
  for (let y = 0; y < img.height; y += 1)
    for (let x = 0; x < img.width; x += 1)
      if (dark(img, x, y)) {
        if (top < 0) top = y;
        bottom = y;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
  let finder = 0;
  while (dark(img, left + finder, top)) finder += 1;
  const module = finder / 7;
  return {
    module,
    top: top / module,
    left: left / module,
    bottom: (img.height - 1 - bottom) / module,
    right: (img.width - 1 - right) / module,
  };
}

function expectReadable(img: Pixels) {
  const decoded = jsQR(new Uint8ClampedArray(img.data), img.width, img.height);
  expect(decoded?.data).toBe(URL_OF_PROFILE);
  const zone = quietZone(img);
  expect(zone.module).toBeGreaterThan(1);
  for (const side of [zone.top, zone.left, zone.bottom, zone.right]) expect(side).toBeCloseTo(QR_QUIET_ZONE, 0);
}

describe('QR code images', () => {
  it('the PNG download decodes to the profile address and has a 4-module quiet zone', async () => {
    const { png } = await renderQr(URL_OF_PROFILE);
    expect(png.startsWith('data:image/png;base64,')).toBe(true);
    const img = PNG.sync.read(Buffer.from(png.slice('data:image/png;base64,'.length), 'base64'));
    expect(img.width).toBe(1024);
    expectReadable(img);
  });

  it('the SVG (shown and downloaded) decodes to the profile address and has a 4-module quiet zone', async () => {
    const { svg } = await renderQr(URL_OF_PROFILE);
    const raster = new Resvg(svg, { fitTo: { mode: 'width', value: 800 }, background: '#ffffff' }).render();
    expectReadable({ width: raster.width, height: raster.height, data: raster.pixels });
  });
});
