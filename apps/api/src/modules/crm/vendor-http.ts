/** What the log keeps of a vendor's error message. */
const ERROR_MAX = 500;
/** Each call's deadline, connection included. */
export const CRM_TIMEOUT_MS = 15_000;

/**
 * A call the CRM did not take. `retry`: worth another attempt later (429, 5xx, the network) —
 * `retryAfterMs` when the vendor said how long to wait; otherwise (a 4xx) the lead is refused as it
 * is and the sync log shows the vendor's own words. `unauthorized`: the access token was refused.
 */
export class VendorError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retry: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message.slice(0, ERROR_MAX));
  }
  get unauthorized(): boolean {
    return this.status === 401;
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The vendor's message in an error body: HubSpot's `{ message }`, Salesforce's `[{ message, errorCode }]`, OAuth's `error_description`. */
function vendorMessage(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    const first = Array.isArray(body) ? (body[0] as Record<string, unknown> | undefined) : (body as Record<string, unknown>);
    const message = first?.message ?? first?.error_description ?? first?.error;
    const code = first?.errorCode ?? first?.category;
    if (typeof message === 'string') return typeof code === 'string' ? `${code}: ${message}` : message;
  } catch {
    // Not JSON: the text itself.
  }
  return text.trim() ? text.trim() : `HTTP ${status}`;
}

export type VendorRequest = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
};

/** One call to a CRM's API; a 2xx answers its JSON body (null for none), anything else throws a VendorError. */
export async function callVendor<T>(fetch: typeof globalThis.fetch, request: VendorRequest): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Enlaza-CRM/1' };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  }
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(CRM_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const message = error instanceof Error ? (error.name === 'TimeoutError' ? 'timeout after 15 s' : error.message) : String(error);
    throw new VendorError(cause ? `${message} (${cause})` : message, null, true);
  }
  const text = await response.text();
  if (response.ok) return (text ? JSON.parse(text) : null) as T;
  const retry = response.status === 429 || response.status >= 500;
  throw new VendorError(vendorMessage(response.status, text), response.status, retry, retryAfterMs(response.headers.get('retry-after')));
}
