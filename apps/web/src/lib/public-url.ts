/**
 * The app's public address (PUBLIC_URL), which the server writes into `<meta name="public-url">`:
 * every link and QR code the app shows is built on it, as the server's own pages and emails are,
 * whatever host this page was opened on. Under the dev server (no meta), the page's origin.
 */
export function publicUrl(): string {
  const content = document.querySelector('meta[name="public-url"]')?.getAttribute('content')?.trim();
  return (content || window.location.origin).replace(/\/+$/, '');
}

/** A public path (`/link/ana/…`) as a full address on PUBLIC_URL. */
export const publicLink = (path: string): string => `${publicUrl()}${path}`;

/** PUBLIC_URL's host (and port), as the alias hints print it: `enlaza.example/link/ana`. */
export const publicHost = (): string => new URL(publicUrl()).host;
