import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiGet, apiSend } from './http';
import { changeLanguage, initI18n } from './i18n';

const okSchema = z.object({ ok: z.literal(1) });

function mockFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fn = vi.fn<typeof fetch>(() =>
    Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status, headers })),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

function sentHeaders(fn: ReturnType<typeof mockFetch>): Headers {
  const init = fn.mock.calls[0]?.[1];
  return new Headers(init?.headers);
}

function addCsrfMeta(value: string) {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = value;
  document.head.appendChild(meta);
}

describe('http client', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends X-Requested-With, Accept, Accept-Language and the CSRF token from the meta tag', async () => {
    addCsrfMeta('csrf-123');
    // The user chose Spanish (stored, and shown: other tests in this worker may have started the app's i18n).
    await initI18n('es');
    await changeLanguage('es');
    const fetchMock = mockFetch(200, { ok: 1 });
    await apiGet('/api/thing', okSchema);
    const headers = sentHeaders(fetchMock);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/thing');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('es');
    expect(headers.get('X-CSRF-TOKEN')).toBe('csrf-123');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('logs one console error per request when the CSRF meta tag is missing, and still sends', async () => {
    const fetchMock = mockFetch(200, { ok: 1 });
    await apiGet('/api/a', okSchema);
    expect(consoleError).toHaveBeenCalledTimes(1);
    await apiGet('/api/b', okSchema);
    expect(consoleError).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentHeaders(fetchMock).has('X-CSRF-TOKEN')).toBe(false);
  });

  it('attaches the Bearer token only when one is stored', async () => {
    let fetchMock = mockFetch(200, { ok: 1 });
    await apiGet('/api/a', okSchema);
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);

    window.localStorage.setItem('access_token', 'tok-1');
    fetchMock = mockFetch(200, { ok: 1 });
    await apiGet('/api/a', okSchema);
    expect(sentHeaders(fetchMock).get('Authorization')).toBe('Bearer tok-1');
  });

  it('sends a JSON body with the method given', async () => {
    const fetchMock = mockFetch(200, { ok: 1 });
    await apiSend('PUT', '/api/x', { a: 1 }, okSchema);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"a":1}');
    expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
  });

  it('rejects statuses outside 200-299 with ApiError carrying message, code and field errors', async () => {
    mockFetch(422, { ok: 0, code: 'validation.failed', message: 'Datos no válidos', errors: { email: ['Obligatorio'] } });
    const error = await apiSend('POST', '/api/login', {}, okSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('Datos no válidos');
    expect(apiError.code).toBe('validation.failed');
    expect(apiError.fieldErrors).toEqual({ email: ['Obligatorio'] });
  });

  it('keeps the message of a failure whose code this build does not know, without the code', async () => {
    mockFetch(409, { ok: 0, code: 'newer.server_code', message: 'Ya no está disponible' });
    const error = (await apiGet('/api/a', okSchema).catch((e: unknown) => e)) as ApiError;
    expect(error.serverMessage).toBe('Ya no está disponible');
    expect(error.code).toBeUndefined();
  });

  it('treats 300 as a failure and 299 as a success', async () => {
    mockFetch(300, { message: 'moved' });
    await expect(apiGet('/api/a', z.unknown())).rejects.toMatchObject({ status: 300, message: 'moved' });
    mockFetch(299, { ok: 1 });
    await expect(apiGet('/api/a', okSchema)).resolves.toEqual({ ok: 1 });
  });

  it('reads Retry-After on 429', async () => {
    mockFetch(429, { ok: 0, code: 'throttled', message: 'Too many' }, { 'Retry-After': '30' });
    await expect(apiGet('/api/a', okSchema)).rejects.toMatchObject({ status: 429, retryAfter: 30 });
  });

  it('rejects network errors with ApiError status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiGet('/api/a', okSchema)).rejects.toMatchObject({ name: 'ApiError', status: 0, message: 'Failed to fetch' });
  });

  it('rejects an answer cut in the middle of its body with ApiError status 0, like no answer at all', async () => {
    // What Chromium does to a page's calls when the visitor leaves it: the status arrived, the body never ends.
    const cut = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id":"u1","na'));
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(cut())),
    );
    await expect(apiGet('/api/a', okSchema)).rejects.toMatchObject({ name: 'ApiError', status: 0, code: 'network_error' });
  });

  it('rejects an answer that does not match its schema', async () => {
    mockFetch(200, { ok: 'yes' });
    await expect(apiGet('/api/a', okSchema)).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
