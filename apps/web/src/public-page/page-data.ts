/** What the server puts in `<script id="pp-data">` for this script. */
export interface PageData {
  alias: string;
  id: string;
  name: string;
  url: string;
  preview: boolean;
  strings: { form: Strings; share: Strings; location: Strings; qr: Strings };
}
export type Strings = { [key: string]: string | Strings };

/** A string from a section, `{{name}}` placeholders filled. */
export function text(section: Strings, key: string, params: Record<string, string | number> = {}): string {
  let entry: string | Strings | undefined = section;
  for (const part of key.split('.')) entry = typeof entry === 'object' ? entry[part] : undefined;
  return (typeof entry === 'string' ? entry : key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function readPageData(): PageData | null {
  const element = document.getElementById('pp-data');
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as PageData) : null;
  } catch {
    return null;
  }
}

/** The CSRF token: the server sets it in a cookie next to the page (the page's HTML is the same for every visitor). */
export function csrfToken(cookies = document.cookie): string {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'enlaza_csrf_token') return value.join('=');
  }
  return '';
}

/** Headers of the page's API requests: the CSRF token the API asks anonymous browsers for, and the page's language. */
export function apiHeaders(): Record<string, string> {
  const csrf = csrfToken();
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-CSRF-TOKEN': csrf,
    'Accept-Language': document.documentElement.lang === 'ja' ? 'jp' : document.documentElement.lang,
  };
}

export const apiBase = (data: PageData) => `/api/public/link/${encodeURIComponent(data.alias)}/${encodeURIComponent(data.id)}`;
