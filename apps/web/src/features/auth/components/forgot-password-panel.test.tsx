import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { ForgotPasswordPanel } from './forgot-password-panel';

async function setup(answer: () => Response) {
  const mocked = mockApi(() => answer());
  await render(<ForgotPasswordPanel initialEmail=" Ana@Example.com " onBack={() => undefined} />);
  const input = () => screen.getByTestId<HTMLInputElement>('forgot-email');
  const submit = () => fireEvent.click(screen.getByTestId('forgot-submit'));
  return { calls: mocked.calls, input, submit };
}

describe('forgot password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an address that is not one, on the field, and sends nothing', async () => {
    const { calls, input, submit } = await setup(() => json({ ok: 1, data: {} }));
    expect(input().maxLength).toBe(254);
    fireEvent.change(input(), { target: { value: 'ana@' } });
    submit();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(input());
    expect(calls).toHaveLength(0);
  });

  it('sends the address typed on the sign-in form and says the link is on its way', async () => {
    const { calls, submit } = await setup(() => json({ ok: 1, data: {} }));
    submit();
    expect((await screen.findByTestId('forgot-sent')).textContent).toContain('Ana@Example.com');
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ email: 'ana@example.com' });
  });

  it("shows the server's answer to too many requests above the form", async () => {
    const { submit } = await setup(() => json({ ok: 0, code: 'request.throttled', message: 'Too many requests: wait a minute.' }, 429));
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests: wait a minute.');
  });
});
