import { describe, expect, it } from 'vitest';
import { PAGE_STRINGS } from '@enlaza/contracts/page-strings';
import { translator } from '@/login-page/logic';
import { ApiError } from './api-error';
import { apiErrorMessage, classifyFailure } from './api-error-message';

const t = (key: string) => key;
const noAnswer = new ApiError({ message: 'Failed to fetch', status: 0, code: 'network_error' });
const answered = (status: number, serverMessage?: string) =>
  new ApiError({ message: serverMessage ?? `HTTP ${status}`, status, code: serverMessage ? 'internal' : undefined, serverMessage });

describe('the sentence for a failed call', () => {
  it('says the browser is offline when it knows, else that the server could not be reached', () => {
    expect(apiErrorMessage(noAnswer, t, false)).toBe('common:requestFailed.offline');
    expect(apiErrorMessage(noAnswer, t, true)).toBe('common:requestFailed.network');
    // A call cut as the page goes away has no answer either.
    expect(apiErrorMessage(new ApiError({ message: 'Aborted', status: 0, code: 'aborted' }), t, true)).toBe('common:requestFailed.network');
  });

  it('says the server took too long when a proxy or the browser gave up waiting', () => {
    expect(apiErrorMessage(answered(504), t, true)).toBe('common:requestFailed.timeout');
    expect(apiErrorMessage(answered(408), t, true)).toBe('common:requestFailed.timeout');
  });

  it('gives the server’s own translated sentence for its error code, whatever the status', () => {
    const quota = new ApiError({ message: 'No cards left', status: 403, code: 'quota.cards', serverMessage: 'No te quedan tarjetas.' });
    expect(apiErrorMessage(quota, t, true)).toBe('No te quedan tarjetas.');
    expect(apiErrorMessage(answered(502, 'El reembolso ha fallado.'), t, true)).toBe('El reembolso ha fallado.');
    // A newer server's code this build does not know keeps its sentence.
    expect(apiErrorMessage(new ApiError({ message: 'x', status: 409, serverMessage: 'Ya existe.' }), t, true)).toBe('Ya existe.');
  });

  it('says the server ran into a problem for a 5xx without a sentence (a proxy’s error page)', () => {
    expect(apiErrorMessage(answered(500), t, true)).toBe('common:requestFailed.server');
    expect(apiErrorMessage(answered(502), t, true)).toBe('common:requestFailed.server');
    expect(apiErrorMessage(answered(503), t, true)).toBe('common:requestFailed.server');
  });

  it('falls back to "something went wrong" for anything else', () => {
    expect(apiErrorMessage(new Error('boom'), t, true)).toBe('common:requestFailed.unknown');
    expect(apiErrorMessage(answered(400), t, true)).toBe('common:requestFailed.unknown');
    expect(apiErrorMessage(new ApiError({ message: 'Bad answer', status: 200, code: 'invalid_response' }), t, true)).toBe(
      'common:requestFailed.unknown',
    );
  });

  it('sorts the failure the same way for callers that pick their own words for a case', () => {
    expect(classifyFailure(noAnswer, false)).toEqual({ kind: 'offline' });
    expect(classifyFailure(answered(422, 'Revisa el formulario.'), true)).toEqual({ kind: 'answered', message: 'Revisa el formulario.' });
  });

  it('has every sentence in every language, for the SPA and the server-rendered pages alike', () => {
    for (const texts of Object.values(PAGE_STRINGS)) {
      const say = translator(texts, 'common');
      for (const error of [noAnswer, answered(504), answered(500), new Error('boom')])
        for (const online of [true, false]) expect(apiErrorMessage(error, say, online)).not.toMatch(/^common:/);
    }
  });
});
