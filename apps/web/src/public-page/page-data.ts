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

/**
 * The CSRF token, fetched only when the API asks for it. A browser that sends Fetch Metadata
 * (`Sec-Fetch-Site: same-origin`) needs none for the page's calls, so a visit sets no cookie; an
 * older one is refused once with `csrf.invalid`, gets a token (and its nonce cookie), and tries again.
 */
let csrf = '';

/** Headers of the page's API requests: the CSRF token once there is one, and the page's language. */
export function apiHeaders(): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...(csrf ? { 'X-CSRF-TOKEN': csrf } : {}),
    'Accept-Language': document.documentElement.lang === 'ja' ? 'jp' : document.documentElement.lang,
  };
}

/** POSTs `body` as JSON from the page; a `csrf.invalid` refusal fetches a token and sends it once more. */
export async function postJson(url: string, body: unknown, init: RequestInit = {}, fetcher: typeof fetch = fetch): Promise<Response> {
  const send = () =>
    fetcher(url, { ...init, method: 'POST', headers: apiHeaders(), body: JSON.stringify(body), credentials: 'same-origin' });
  const response = await send();
  if (response.status !== 403 || csrf) return response;
  const refusal = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  if (refusal?.code !== 'csrf.invalid') return response;
  const issued = await fetcher('/api/public/csrf-token', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const answer = (await issued.json().catch(() => null)) as { data?: { token?: string } } | null;
  if (!issued.ok || !answer?.data?.token) return response;
  csrf = answer.data.token;
  return send();
}

/** Forgets the token (tests). */
export function resetCsrf(): void {
  csrf = '';
}

export const apiBase = (data: PageData) => `/api/public/link/${encodeURIComponent(data.alias)}/${encodeURIComponent(data.id)}`;
