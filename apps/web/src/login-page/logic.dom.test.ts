import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '@enlaza/contracts';
import { PAGE_STRINGS } from '@enlaza/contracts/page-strings';
import { loginFailureMessage, validateLoginInput } from '@/features/auth/pages/login-errors';
import { ApiError } from '@/lib/api-error';
import { asT, call, dashboardPath, readLoginAnswer, requestHeaders, storeSession, storeSubscription, translator } from './logic';

const en = PAGE_STRINGS.en.auth;
const es = PAGE_STRINGS.es.auth;

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the sign-in page script', () => {
  it('translates with the SPA’s auth texts, filling placeholders, and drives login-errors’ messages', () => {
    const t = translator({ auth: es, common: { appName: 'Enlaza' } });
    expect(t('login.title')).toBe(es.login.title);
    expect(t('common:appName')).toBe('Enlaza');
    expect(t('login.errors.retryAfter', { seconds: 7 })).toBe(es.login.errors.retryAfter.replace('{{seconds}}', '7'));
    expect(t('login.missing')).toBe('login.missing');
    expect(validateLoginInput({ email: ' ', password: '' }, asT(t))).toEqual({
      email: es.login.errors.emailRequired,
      password: es.login.errors.passwordRequired,
    });
    const english = asT(translator({ auth: en }));
    const throttled = loginFailureMessage(new ApiError({ message: 'x', status: 429, retryAfter: 30 }), english);
    expect(throttled).toEqual({
      title: en.login.errors.throttledTitle,
      message: `${en.login.errors.throttled} ${en.login.errors.retryAfter.replace('{{seconds}}', '30')}`,
    });
  });

  it('sends the inherited contract’s headers', () => {
    expect(requestHeaders('es', 'csrf-1', null, true)).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'Accept-Language': 'es',
      'Content-Type': 'application/json',
      'X-CSRF-TOKEN': 'csrf-1',
    });
    expect(requestHeaders('en', 'c', 'tok', false)).toMatchObject({ Authorization: 'Bearer tok' });
  });

  it('turns failures into ApiErrors as the SPA’s http client does (status, server sentence, field errors, Retry-After)', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          jsonResponse(429, { ok: 0, code: 'auth.throttled', message: 'Demasiados', errors: { email: ['mal'] } }, { 'Retry-After': '12' }),
        ),
    );
    const error = (await call('/api/login', { method: 'POST', headers: {}, body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect({
      status: error.status,
      code: error.code,
      serverMessage: error.serverMessage,
      retryAfter: error.retryAfter,
      fieldErrors: error.fieldErrors,
    }).toEqual({
      status: 429,
      code: 'auth.throttled',
      serverMessage: 'Demasiados',
      retryAfter: 12,
      fieldErrors: { email: ['mal'] },
    });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(((await call('/api/login', { method: 'GET', headers: {} }).catch((e: unknown) => e)) as ApiError).status).toBe(0);
  });

  it('reads the login answer and stores the session under the SPA’s keys', () => {
    expect(() => readLoginAnswer({ ok: 0 })).toThrow(ApiError);
    const user = { id: 'u1', name: 'Ana', roll: 'admin', email: 'a@example.com' };
    const { token, user: read } = readLoginAnswer({ ok: 1, data: { token: 'tok', user } });
    storeSession(localStorage, token, read);
    storeSubscription(localStorage, { status: 'active' });
    expect(localStorage.getItem(SESSION_KEYS.token)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.user)!)).toEqual(user);
    expect(localStorage.getItem(SESSION_KEYS.role)).toBe('admin');
    expect(localStorage.getItem(SESSION_KEYS.subscription)).toBe('{"status":"active"}');
    expect(dashboardPath('admin')).toBe('/admin/dashboard');
    expect(dashboardPath('user')).toBe('/user/dashboard');
  });
});
