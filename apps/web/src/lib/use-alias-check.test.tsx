import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { json, mockApi } from '@/test/mock-api';
import { renderHook } from '@/test/render';
import { ALIAS_CHECK_DELAY_MS, useAliasCheck } from './use-alias-check';

function answer(alias: string) {
  const taken = alias === 'demo';
  return json({ ok: 1, data: { alias, valid: true, available: !taken, suggestion: taken ? 'demo-2' : alias } });
}

describe('useAliasCheck', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta in jsdom
    fetchMock = mockApi((url) => answer(new URL(url, 'http://x').searchParams.get('alias') ?? '')).fetch;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function setup() {
    return renderHook(({ alias }: { alias: string }) => useAliasCheck(alias, 'Demo'), { initialProps: { alias: '' } });
  }

  it('asks the server once per pause in typing, not once per key', async () => {
    const hook = await setup();
    for (const alias of ['d', 'de', 'dem', 'demo']) {
      hook.rerender({ alias });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(hook.result.current.feedback).toEqual({ state: 'checking' });

    await act(() => vi.advanceTimersByTimeAsync(ALIAS_CHECK_DELAY_MS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('alias=demo');
    await vi.waitFor(() => expect(hook.result.current.feedback).toEqual({ state: 'taken', suggestion: 'demo-2' }));

    hook.rerender({ alias: 'demo-2' });
    expect(hook.result.current.feedback).toEqual({ state: 'checking' });
    await act(() => vi.advanceTimersByTimeAsync(ALIAS_CHECK_DELAY_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(hook.result.current.feedback).toEqual({ state: 'available' }));
  });
});
