/** WCAG 2.1's relative luminance of an sRGB colour given by its channels (0 to 255). */
export function channelLuminance(r: number, g: number, b: number): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.1's relative luminance of a colour (`#rrggbb`). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return channelLuminance(r, g, b);
}

/** WCAG 2.1's contrast ratio of two opaque colours (`#rrggbb`), 1 to 21. */
export function hexContrast(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Black or white, whichever reads better on a colour (`#rrggbb`): the one of the higher WCAG contrast
 * ratio against it. The public page, its directory, the email signature, the wallet pass and the
 * video-call backgrounds write on the card's colour with it.
 */
export function textOn(hex: string): '#000000' | '#ffffff' {
  return hexContrast('#000000', hex) > hexContrast('#ffffff', hex) ? '#000000' : '#ffffff';
}

/**
 * The one look of every email Enlaza sends, light and dark: the campaign and template layout, the
 * account, mailbox, notification, consent and billing emails (the API's lib/email-theme.ts), and
 * the template editor, whose button is drawn as the email will draw it. Each text colour meets WCAG
 * AA (4.5:1) on its background in its scheme.
 */
export const EMAIL_THEME = {
  light: {
    page: '#f1f3f5',
    card: '#ffffff',
    text: '#212529',
    muted: '#555555',
    quote: '#495057',
    quoteBorder: '#ced4da',
    link: '#1f5fa8',
    button: '#1f5fa8',
    buttonText: '#ffffff',
  },
  dark: {
    page: '#1a1b1e',
    card: '#25262b',
    text: '#e9ecef',
    muted: '#c1c2c5',
    quote: '#ced4da',
    quoteBorder: '#5c5f66',
    link: '#74c0fc',
    button: '#4dabf7',
    buttonText: '#101113',
  },
} as const;
