import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TeamImportResult } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { invitation, ok } from '../test/fixtures';
import { InvitationsPanel } from './invitations-panel';

const RESULT: TeamImportResult = {
  invited: 1,
  refused: 1,
  rows: [
    { line: 1, name: 'Ana', email: 'ana@acme.example', status: 'invited', reason: null, invitationId: 'inv-9' },
    {
      line: 2,
      name: 'Luis',
      email: 'luis@acme.example',
      status: 'refused',
      reason: { code: 'team.invitation_pending', message: 'This person already has a pending invitation.' },
      invitationId: null,
    },
  ],
};

describe('the team invitations', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined)); // no CSRF meta in jsdom
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('previews a pasted CSV, invites its people, and says what became of each line', async () => {
    const mocked = mockApi((url) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/team/invitations/import') return json(ok(RESULT));
      return json(ok([]));
    });
    await render(<InvitationsPanel />, { route: '/' });
    expect(await screen.findByTestId('team-invitations-table-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-open'));
    fireEvent.change(screen.getByTestId('import-csv'), {
      target: { value: 'name,email,job title,phone\nAna,ana@acme.example,Sales,\nLuis,luis@acme.example,,\nNo Mail,nobody\n' },
    });
    const preview = screen.getByTestId('import-preview');
    expect(within(preview).getAllByTestId('import-preview-row')).toHaveLength(3);
    expect(within(preview).getByText('Not an email address')).toBeTruthy();
    expect(within(preview).getByText('3 people read from the file')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-send'));
    const results = await screen.findByTestId('import-results');
    expect(within(results).getByTestId('import-summary').textContent).toBe('1 invitation sent. 1 line refused:');
    const rows = within(results).getAllByTestId('import-result-row');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['invited', 'refused']);
    expect(rows[1]!.textContent).toContain('This person already has a pending invitation.');
    const sent = mocked.calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(sent?.init?.body as string)).toMatchObject({ role: 'member', csv: expect.stringContaining('Ana,ana@acme.example') });
  });

  it('shows each invitation’s state and expiry, resends a pending one and revokes it after asking', async () => {
    const mocked = mockApi((url, init) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/team/invitations/inv-1/resend') return json(ok(invitation(1)));
      if (path === '/api/team/invitations/inv-1' && init?.method === 'DELETE') return json(ok({}));
      return json(
        ok([
          invitation(1),
          invitation(2, { status: 'accepted', acceptedBy: { id: 'u2', name: 'New 2' } }),
          invitation(3, { status: 'expired', expiresAt: '2031-03-01T09:00:00.000Z' }),
        ]),
      );
    });
    await render(<InvitationsPanel />, { route: '/' });
    const table = await screen.findByRole('table', { name: 'Invitations of the team' });
    const rows = within(table).getAllByTestId('data-row');
    expect(rows.map((row) => within(row).getByTestId('invitation-status').textContent)).toEqual(['Pending', 'Accepted', 'Expired']);
    expect(rows[0]!.textContent).toContain('Valid until');
    expect(rows[1]!.textContent).toContain('Joined as New 2');
    // An accepted invitation has nothing left to do.
    expect(within(rows[1]!).queryByTestId('invitation-resend')).toBeNull();
    fireEvent.click(within(rows[0]!).getByTestId('invitation-resend'));
    await waitFor(() => expect(mocked.calls.some((c) => c.url.endsWith('/inv-1/resend'))).toBe(true));
    fireEvent.click(within(rows[0]!).getByTestId('invitation-revoke'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('new1@acme.example');
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(mocked.calls.some((c) => c.init?.method === 'DELETE' && c.url.endsWith('/inv-1'))).toBe(true));
  });
});
