import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pendingInvitationPath, rememberInvitation } from '@/lib/pending-invitation';
import { queryClient } from '@/lib/query-client';
import { startSession } from '@/lib/session';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { mine, ok, PUBLIC_INVITATION } from '../test/fixtures';
import JoinTeamPage from './join-team-page';

const TOKEN = 'a-long-invitation-token';
const open = () => render(<JoinTeamPage />, { path: '/user/equipo/unirse/:token', route: `/user/equipo/unirse/${TOKEN}` });
const signIn = (email: string) =>
  startSession('token', {
    id: 'u9',
    name: 'New 2',
    alias: 'new-2',
    codigo: 'C9',
    email,
    roll: 'user',
    perfil_id: null,
    created_at: '2031-03-10',
  });

describe('the invitation page', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined)); // no CSRF meta in jsdom
  afterEach(() => {
    // The page brings the app's own query client (it is outside the signed-in shell).
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('signed out: names the team and who invited, offers to register or sign in, and keeps the link for after', async () => {
    mockApi(() => json(ok(PUBLIC_INVITATION)));
    await open();
    expect((await screen.findByTestId('team-join-title')).textContent).toBe('Join Acme Sales');
    expect(screen.getByText('Person 1 invites you to join Acme Sales as a member.')).toBeTruthy();
    // Registering opens the form for the invited address.
    expect(screen.getByTestId('team-join-register').getAttribute('href')).toBe(`/register?invitation=${TOKEN}`);
    expect(screen.getByTestId('team-join-sign-in').getAttribute('href')).toBe('/');
    await waitFor(() => expect(pendingInvitationPath()).toBe(`/user/equipo/unirse/${TOKEN}`));
  });

  it('says so when the invitation expired, and keeps nothing', async () => {
    mockApi(() => json(ok({ ...PUBLIC_INVITATION, expired: true, expiresAt: '2031-03-01T09:00:00.000Z' })));
    await open();
    expect((await screen.findByTestId('team-join-problem')).textContent).toContain('Ask the team for a new invitation.');
    expect(screen.queryByTestId('team-join-register')).toBeNull();
    expect(pendingInvitationPath()).toBeNull();
  });

  it('says a used or revoked link is not valid', async () => {
    mockApi(() => json({ ok: 0, code: 'team.invitation_invalid', message: 'Not valid.' }, 404));
    await open();
    expect((await screen.findByTestId('team-join-problem')).textContent).toContain('This invitation link is not valid');
  });

  it('signed in with another address: says which one the invitation is for, and does not offer to accept', async () => {
    rememberInvitation(TOKEN);
    signIn('someone.else@acme.example');
    mockApi(() => json(ok(PUBLIC_INVITATION)));
    await open();
    expect((await screen.findByTestId('team-join-other-email')).textContent).toContain('new2@acme.example');
    expect(screen.getByTestId<HTMLButtonElement>('team-join-accept').disabled).toBe(true);
    // Back at the link once signed in: it no longer redirects the next sign-in.
    expect(pendingInvitationPath()).toBeNull();
  });

  it('signed in with the invited address: accepts, then opens the new team card', async () => {
    signIn('New2@acme.example');
    const mocked = mockApi((url, init) =>
      init?.method === 'POST' ? json(ok({ ...mine('member'), cardId: 'card-9' })) : json(ok(PUBLIC_INVITATION)),
    );
    await open();
    fireEvent.click(await screen.findByTestId('team-join-accept'));
    expect((await screen.findByTestId('team-join-card')).getAttribute('href')).toBe('/user/perfiles/card-9');
    expect(mocked.calls.find((c) => c.init?.method === 'POST')?.url).toBe(`/api/team-invitations/${TOKEN}/accept`);
  });

  it('signed in: shows the server’s refusal of the acceptance in the reader’s words', async () => {
    signIn('new2@acme.example');
    mockApi((url, init) =>
      init?.method === 'POST' ? json({ ok: 0, code: 'team.already_member', message: 'x' }, 409) : json(ok(PUBLIC_INVITATION)),
    );
    await open();
    fireEvent.click(await screen.findByTestId('team-join-accept'));
    expect((await screen.findByTestId('team-join-error')).textContent).toBe(
      'You are already in a team. Leave it before joining another one.',
    );
  });
});
