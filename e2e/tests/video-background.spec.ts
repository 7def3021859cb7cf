import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { dataOf, expect, test, uploadFile } from './support/fixtures';

test.use({ signedIn: 'user' });

/** A solid 200×80 PNG logo of one colour (the cloud checks a file's type from its bytes). */
function logoPng(rgb: [number, number, number]): Buffer {
  const png = new PNG({ width: 200, height: 80 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...rgb, 255], i);
  return PNG.sync.write(png);
}

test("a card's owner downloads a video-call background made from the card: 1920×1080, the card's colour, its logo, white text, and a QR code that opens the card", async ({
  page,
  request,
  user,
}) => {
  const logo = await uploadFile(request, user.headers, { name: 'logo.png', mimeType: 'image/png', buffer: logoPng([224, 49, 49]) });
  const card = await dataOf<{ id: string }>(
    await request.post('/api/profiles', {
      headers: user.headers,
      data: {
        kind: 'card',
        logoFileId: logo.id,
        theme: { color: '#1c3d5a', layout: 'classic' },
        card: { firstName: 'Bruno', lastName: 'Fondo', jobTitle: 'Sales', company: 'Enlaza' },
      },
    }),
    201,
  );
  await page.goto(`/user/perfiles/view/${card.id}`);
  const shareUrl = await page.getByTestId('view-public-url').innerText();
  const panel = page.getByTestId('profile-background');
  await panel.getByText('Right', { exact: true }).click();
  await expect(panel.getByTestId('background-preview')).toHaveAttribute('data-layout', 'right');
  await expect(panel.getByTestId('background-preview')).toHaveAttribute('data-ready', 'true');
  const download = page.waitForEvent('download');
  await panel.getByTestId('background-download').click();
  expect((await download).suggestedFilename()).toBe('background-Bruno-Fondo-right.png');
  const png = PNG.sync.read(await readFile(await (await download).path()));
  expect([png.width, png.height]).toEqual([1920, 1080]);
  const pixel = (x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
  // Within 2 of each channel: the canvas dithers its gradient.
  const near = (x: number, y: number, rgb: number[]) => pixel(x, y).every((c, i) => Math.abs(c - rgb[i]!) <= 2);

  // The card's colour where the gradient starts; the logo (red) at the top of the right-hand column.
  expect(near(0, 0, [0x1c, 0x3d, 0x5a]), pixel(0, 0).join()).toBe(true);
  expect(near(1920 - 120 - 100, 120 + 40, [224, 49, 49]), pixel(1700, 160).join()).toBe(true);
  // The name in white under it (its line: the logo's 80 px, a gap of 64, the name's 76 px).
  let white = 0;
  for (let y = 120 + 80 + 64; y < 120 + 80 + 64 + 76; y++) for (let x = 1000; x < 1800; x++) if (pixel(x, y).every((c) => c > 240)) white++;
  expect(white).toBeGreaterThan(500);
  // A scanner reads the QR code as the card's public link, in the bottom right corner.
  const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(qr?.data).toBe(shareUrl);
  expect(qr!.location.topLeftCorner.x).toBeGreaterThan(1920 * 0.75);
  expect(qr!.location.topLeftCorner.y).toBeGreaterThan(1080 / 2);
});
