import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AccountType } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { EMPTY_REGISTER_VALUES, RegisterForm } from './register-form';

const personal: AccountType = { id: '6f1c2b1e-0c3a-4b7e-9a51-2a1d6c0f4e11', code: 'personal', name: 'Personal', requiresTaxId: false };

async function setup(answer: (body: Record<string, unknown>) => Response) {
  const mocked = mockApi((url, init) => {
    if (url === '/api/account-types') return json({ ok: 1, data: [personal] });
    if (url.startsWith('/api/register/alias'))
      return json({ ok: 1, data: { alias: 'ana-lopez', valid: true, available: true, suggestion: 'ana-lopez' } });
    return answer(JSON.parse(init?.body as string) as Record<string, unknown>);
  });
  const onChange = vi.fn();
  const onRegistered = vi.fn();
  await render(<RegisterForm values={EMPTY_REGISTER_VALUES} onChange={onChange} onRegistered={onRegistered} />, {
    route: '/',
  });
  const input = (name: string) => screen.getByTestId<HTMLInputElement>(`register-${name}`);
  const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
  const submit = () => fireEvent.click(screen.getByTestId('register-submit'));
  const registrations = () => mocked.calls.filter((call) => call.url === '/api/register');
  return { input, type, submit, registrations, onChange, onRegistered };
}

describe('the registration form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes its limits from the contract and says what is missing, focusing the first field', async () => {
    const { input, submit, registrations } = await setup(() => json({ ok: 1, data: { email: 'x' } }));
    expect([input('name').maxLength, input('alias').maxLength, input('email').maxLength, input('password').maxLength]).toEqual([
      120, 30, 254, 200,
    ]);
    await screen.findByTestId('register-account-type');
    submit();
    expect(screen.getByText('Enter your name (at least 2 characters).')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('The password needs at least 10 characters.')).toBeTruthy();
    expect(screen.getByText('You need to accept the privacy policy and terms to continue.')).toBeTruthy();
    expect(document.activeElement).toBe(input('name'));
    expect(registrations()).toHaveLength(0);
  });

  it('sends the alias made from the name and the first account type, keeping the page informed of what is typed', async () => {
    const { input, type, submit, registrations, onChange, onRegistered } = await setup(() =>
      json({ ok: 1, data: { email: 'ana@example.com' } }),
    );
    await waitFor(() => expect(screen.getByTestId<HTMLSelectElement>('register-account-type').value).toBe(personal.id));
    type('name', 'Ana López');
    expect(input('alias').value).toBe('ana-lopez');
    type('email', 'ana@example.com');
    type('password', 'a long password');
    fireEvent.click(input('accept'));
    submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('ana@example.com'));
    expect(JSON.parse(registrations()[0]!.init?.body as string)).toMatchObject({
      name: 'Ana López',
      alias: 'ana-lopez',
      email: 'ana@example.com',
      password: 'a long password',
      accountTypeId: personal.id,
      acceptPolicy: true,
    });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Ana López', acceptPolicy: true }));
  });

  it("shows the server's refusal of the alias on the alias field", async () => {
    const { input, type, submit } = await setup(() =>
      json({ ok: 0, code: 'account.alias_taken', message: 'Taken.', errors: { alias: ['This alias is taken. Try ana-lopez-2.'] } }, 409),
    );
    await waitFor(() => expect(screen.getByTestId<HTMLSelectElement>('register-account-type').value).toBe(personal.id));
    type('name', 'Ana López');
    type('email', 'ana@example.com');
    type('password', 'a long password');
    fireEvent.click(input('accept'));
    submit();
    expect(await screen.findByText('This alias is taken. Try ana-lopez-2.')).toBeTruthy();
    expect(document.activeElement).toBe(input('alias'));
    expect(screen.queryByTestId('register-error')).toBeNull();
  });
});
