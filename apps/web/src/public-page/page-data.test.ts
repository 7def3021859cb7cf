import { describe, expect, it } from 'vitest';
import { csrfToken } from './page-data';

describe('the public page’s CSRF token', () => {
  it('is read from its cookie among others, whole even when it holds “=”', () => {
    expect(csrfToken('a=1; enlaza_csrf_token=abc-DEF_123=; theme=dark')).toBe('abc-DEF_123=');
    expect(csrfToken('enlaza_csrf_token=xyz')).toBe('xyz');
  });

  it('is empty without the cookie (the API then refuses the request with a clear error)', () => {
    expect(csrfToken('')).toBe('');
    expect(csrfToken('enlaza_csrf=nonce-only')).toBe('');
  });
});
