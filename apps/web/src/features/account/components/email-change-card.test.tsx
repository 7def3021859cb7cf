import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { EmailChangeCard } from './email-change-card';

async function setup(answer: (body: Record<string, string>) => Response) {
  const mocked = mockApi((_url, init) => answer(JSON.parse(init?.body as string) as Record<string, string>));
  await render(<EmailChangeCard currentEmail="ana@example.com" />);
  const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
  const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
  const submit = () => fireEvent.click(screen.getByTestId('email-submit'));
  return { calls: mocked.calls, input, type, submit };
}

const sent = (body: Record<string, string>) => json({ ok: 1, data: { pendingEmail: body.newEmail } });

describe('the email change card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an invalid address and the current one before sending, focusing the email', async () => {
    const { calls, input, type, submit } = await setup(sent);
    expect(input('email-new').maxLength).toBe(254);
    type('email-new', 'not an address');
    submit();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter your current password.')).toBeTruthy();
    expect(document.activeElement).toBe(input('email-new'));

    type('email-new', ' ANA@example.com ');
    type('email-password', 'my password');
    submit();
    expect(screen.getByText('This is already your email.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the new address and says where the link went, emptying the password', async () => {
    const { calls, input, type, submit } = await setup(sent);
    type('email-new', ' new@example.com ');
    type('email-password', 'my password');
    submit();
    expect((await screen.findByTestId('email-sent')).textContent).toContain('new@example.com');
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ newEmail: 'new@example.com', password: 'my password' });
    expect(input('email-password').value).toBe('');
  });

  it("puts the server's refusal on the password and shows no general error", async () => {
    const { input, type, submit } = await setup(() =>
      json(
        {
          ok: 0,
          code: 'validation.failed',
          message: 'Some fields are not valid.',
          errors: { password: ['This password is not correct.'] },
        },
        422,
      ),
    );
    type('email-new', 'new@example.com');
    type('email-password', 'wrong password');
    submit();
    expect(await screen.findByText('This password is not correct.')).toBeTruthy();
    expect(document.activeElement).toBe(input('email-password'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the server could not be reached', async () => {
    const { type, submit } = await setup(() => {
      throw new TypeError('fetch failed');
    });
    type('email-new', 'new@example.com');
    type('email-password', 'my password');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The server could not be reached. Check your connection and try again.');
  });
});
