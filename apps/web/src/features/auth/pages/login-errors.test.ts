import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-error';
import { loginFailureMessage, validateLoginInput } from './login-errors';

const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction<'auth'>;

describe('login errors', () => {
  it('shows the server sentence for 401, 403, 422 and 429', () => {
    for (const status of [401, 403, 422]) {
      const error = new ApiError({ message: 'x', status, serverMessage: `server says ${status}` });
      expect(loginFailureMessage(error, t).message).toBe(`server says ${status}`);
    }
    const throttled = new ApiError({ message: 'x', status: 429, serverMessage: 'Too many', retryAfter: 30 });
    expect(loginFailureMessage(throttled, t).message).toBe('Too many login.errors.retryAfter {"seconds":30}');
  });

  it('falls back to its own sentence for a wrong password, and to the usual ones for the rest', () => {
    expect(loginFailureMessage(new ApiError({ message: 'HTTP 401', status: 401 }), t).message).toBe('login.errors.badCredentials');
    expect(loginFailureMessage(new ApiError({ message: 'Failed', status: 0 }), t).message).toBe('common:requestFailed.network');
    expect(loginFailureMessage(new ApiError({ message: 'Bad gateway', status: 502 }), t).message).toBe('common:requestFailed.server');
    expect(loginFailureMessage(new ApiError({ message: 'Gateway time-out', status: 504 }), t).message).toBe('common:requestFailed.timeout');
    expect(loginFailureMessage(new Error('boom'), t).message).toBe('common:requestFailed.unknown');
  });

  it('checks the input before sending', () => {
    expect(validateLoginInput({ email: ' ', password: '' })).toEqual({
      email: 'login.errors.emailRequired',
      password: 'login.errors.passwordRequired',
    });
    expect(validateLoginInput({ email: 'nope', password: 'x' })).toEqual({ email: 'login.errors.emailInvalid' });
    expect(validateLoginInput({ email: 'a@b.co', password: 'x' })).toEqual({});
  });
});
