import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { InviteAdminModal } from './invite-admin-modal';

async function setup(answer: () => Response) {
  const mocked = mockApi(() => answer());
  await render(<InviteAdminModal opened onClose={() => undefined} />);
  await screen.findByTestId('invite-name');
  const input = (name: string) => screen.getByTestId<HTMLInputElement>(`invite-${name}`);
  const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
  const submit = () => fireEvent.click(screen.getByTestId('invite-submit'));
  return { calls: mocked.calls, input, type, submit };
}

describe('inviting an administrator', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the name and the email with the contract before sending, with the limits it sets', async () => {
    const { calls, input, type, submit } = await setup(() => json({ ok: 1, data: {} }));
    expect(input('name').maxLength).toBe(120);
    expect(input('email').maxLength).toBe(254);
    type('name', 'A');
    type('email', 'not-an-email');
    submit();
    expect(screen.getByText('Enter a name of 2 to 120 characters.')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(input('name'));
    expect(calls).toHaveLength(0);
  });

  it('puts a taken email on the email field and any other refusal above the buttons', async () => {
    let answer = () =>
      json(
        { ok: 0, code: 'account.email_taken', message: 'Taken.', errors: { email: ['An account with this email already exists.'] } },
        409,
      );
    const { input, type, submit } = await setup(() => answer());
    type('name', 'Berta Admin');
    type('email', 'berta@example.com');
    submit();
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy();
    expect(document.activeElement).toBe(input('email'));
    expect(screen.queryByTestId('invite-error')).toBeNull();

    answer = () => json({ ok: 0, code: 'internal', message: 'The server failed.' }, 500);
    submit();
    expect((await screen.findByTestId('invite-error')).textContent).toBe('The server failed.');
  });
});
