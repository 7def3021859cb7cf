import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { ResendVerificationForm } from './resend-verification-form';

async function setup(answer: () => Response) {
  const mocked = mockApi(() => answer());
  await render(<ResendVerificationForm />);
  const input = () => screen.getByTestId<HTMLInputElement>('verify-resend-email');
  const type = (value: string) => fireEvent.change(input(), { target: { value } });
  const submit = () => fireEvent.click(screen.getByTestId('verify-resend-submit'));
  return { calls: mocked.calls, input, type, submit };
}

describe('sending the confirmation link again', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a valid address before sending', async () => {
    const { calls, input, submit } = await setup(() => json({ ok: 1, data: {} }));
    expect(input().required).toBe(true);
    submit();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(input());
    expect(calls).toHaveLength(0);
  });

  it('says where the link went', async () => {
    const { calls, type, submit } = await setup(() => json({ ok: 1, data: {} }));
    type(' ana@example.com ');
    submit();
    expect((await screen.findByTestId('verify-resent')).textContent).toContain('ana@example.com');
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ email: 'ana@example.com' });
  });

  it('says how long to wait when asked too often', async () => {
    const { type, submit } = await setup(
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
