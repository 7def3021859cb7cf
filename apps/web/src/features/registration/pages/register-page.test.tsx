import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { AccountType, PublicTeamInvitation } from '@enlaza/contracts';
import { queryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import RegisterPage from './register-page';

const personal: AccountType = { id: '6f1c2b1e-0c3a-4b7e-9a51-2a1d6c0f4e11', code: 'personal', name: 'Personal', requiresTaxId: false };
const invitation: PublicTeamInvitation = {
  team: { name: 'Acme Sales', alias: 'acme' },
  inviter: { name: 'Person 1' },
  email: 'new2@acme.example',
  name: 'New 2',
  role: 'member',
  expired: false,
  expiresAt: '2031-03-17T09:00:00.000Z',
};

async function open(route: string, answer: PublicTeamInvitation | Response = invitation) {
  mockApi((url) => {
    if (url === '/api/account-types') return json({ ok: 1, data: [personal] });
    if (url.startsWith('/api/team-invitations/')) return answer instanceof Response ? answer : json({ ok: 1, data: answer });
    return json({ ok: 1, data: { alias: 'new-2', valid: true, available: true, suggestion: 'new-2' } });
  });
  await render(<RegisterPage />, { path: '/register', route });
  return (name: string) => screen.findByTestId<HTMLInputElement>(`register-${name}`);
}

describe('the registration page', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined)); // no CSRF meta in jsdom
  afterEach(() => {
    // The page brings the app's own query client (it is outside the signed-in shell).
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('from a team invitation: the invited address filled in and fixed, the name the team gave proposed', async () => {
    const input = await open('/register?invitation=a-long-invitation-token');
    const email = await input('email');
    expect(email.value).toBe('new2@acme.example');
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('The invitation is for this address.')).toBeTruthy();
    const name = await input('name');
    expect(name.value).toBe('New 2');
    expect(name.readOnly).toBe(false);
    expect(screen.getByText('Create your account to join Acme Sales.')).toBeTruthy();
  });

  it('without an invitation, or with one that expired, the form starts empty and every field can be typed in', async () => {
    for (const route of ['/register?plan=pro', '/register?invitation=old']) {
      const input = await open(route, { ...invitation, expired: true });
      const email = await input('email');
      expect(email.value).toBe('');
      expect(email.readOnly).toBe(false);
      expect((await input('name')).value).toBe('');
      queryClient.clear();
    }
  });
});
