/**
 * Black or white, whichever reads better on a colour (`#rrggbb`): the one of the higher WCAG contrast
 * ratio against its relative luminance. The public page, its directory, the email signature, the
 * wallet pass and the video-call backgrounds write on the card's colour with it.
 */
export function textOn(hex: string): '#000000' | '#ffffff' {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}
