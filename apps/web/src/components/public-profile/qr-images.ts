/** ISO/IEC 18004 asks for a quiet zone of 4 modules around a QR code; scanners misread tighter ones. */
export const QR_QUIET_ZONE = 4;

/** PNG downloads are drawn this large, so that they print sharply. */
export const QR_PNG_WIDTH = 1024;

export type QrImages = { url: string; svg: string; png: string };

/**
 * The SVG (shown and downloaded) and the PNG data URL (downloaded) of a QR code of `url`.
 * The library loads only when a code is shown.
 */
export async function renderQr(url: string): Promise<QrImages> {
  const QRCode = await import('qrcode');
  // Always dark on light with a quiet zone: scanners need it, whatever the page's colour scheme.
  const options = { errorCorrectionLevel: 'M', margin: QR_QUIET_ZONE, color: { dark: '#000000', light: '#ffffff' } } as const;
  const [svg, png] = await Promise.all([
    QRCode.toString(url, { ...options, type: 'svg' }),
    QRCode.toDataURL(url, { ...options, width: QR_PNG_WIDTH }),
  ]);
  return { url, svg, png };
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
