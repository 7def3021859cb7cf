import { toDataURL } from 'qrcode';

/** The QR code of `url` as an image (dark on light whatever the colour scheme, so that it scans). */
export async function qrImage(url: string, alt: string): Promise<HTMLImageElement> {
  const image = new Image(200, 200);
  image.src = await toDataURL(url, { width: 200, margin: 1, errorCorrectionLevel: 'M' });
  image.alt = alt;
  return image;
}
