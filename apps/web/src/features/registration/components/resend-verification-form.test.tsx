import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { json, mockApi } from '@/test/mock-api';
import { ResendVerificationForm } from './resend-verification-form';

function setup(answer: () => Response) {
  const mocked = mockApi(() => answer());
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <ResendVerificationForm />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const input = () => screen.getByTestId<HTMLInputElement>('verify-resend-email');
  const type = (value: string) => fireEvent.change(input(), { target: { value } });
  const submit = () => fireEvent.click(screen.getByTestId('verify-resend-submit'));
  return { calls: mocked.calls, input, type, submit };
}

describe('sending the confirmation link again', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces(['register', 'common']);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a valid address before sending', () => {
    const { calls, input, submit } = setup(() => json({ ok: 1, data: {} }));
    expect(input().required).toBe(true);
    submit();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(input());
    expect(calls).toHaveLength(0);
  });

  it('says where the link went', async () => {
    const { calls, type, submit } = setup(() => json({ ok: 1, data: {} }));
    type(' ana@example.com ');
    submit();
    expect((await screen.findByTestId('verify-resent')).textContent).toContain('ana@example.com');
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ email: 'ana@example.com' });
  });

  it('says how long to wait when asked too often', async () => {
    const { type, submit } = setup(
      () =>
        new Response(JSON.stringify({ ok: 0, code: 'request.throttled', message: 'Too many requests.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '120' },
        }),
    );
    type('ana@example.com');
    submit();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Too many requests\. .*2/);
  });
});
