import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamInvitations } from '../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { invitationToken, signedUser, teamCall, teamWithOwner } from '../helpers/teams.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('invitations', () => {
  it('show the invitee the team before signing in, and refuse another account’s email', async () => {
    const { owner } = await teamWithOwner(t, 'Acme Sales');
    const call = teamCall(t);
    const invitee = await signedUser(t);
    await call('POST', '/api/team/invitations', owner, { email: invitee.email.toUpperCase(), name: 'Inés Invitee', role: 'admin' });
    const token = await invitationToken(t, invitee.email);
    const view = await call('GET', `/api/team-invitations/${token}`, null);
    expect(view.json().data).toMatchObject({
      team: { name: 'Acme Sales' },
      inviter: { name: owner.name },
      email: invitee.email,
      role: 'admin',
      expired: false,
    });
    const stranger = await signedUser(t);
    const wrong = await call('POST', `/api/team-invitations/${token}/accept`, stranger);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('team.invitation_email_mismatch');
    const accepted = await call('POST', `/api/team-invitations/${token}/accept`, invitee);
    expect(accepted.json().data).toMatchObject({ role: 'admin', team: { name: 'Acme Sales' } });
    expect((await call('POST', `/api/team-invitations/${token}/accept`, invitee)).json().code).toBe('team.invitation_invalid');
  });

  it('expire after 7 days; resending gives a new link (the old one stops working) valid 7 days again', async () => {
    const { owner } = await teamWithOwner(t);
    const call = teamCall(t);
    const invitee = await signedUser(t);
    const { id } = (await call('POST', '/api/team/invitations', owner, { email: invitee.email, name: 'Late Comer' })).json().data;
    const oldToken = await invitationToken(t, invitee.email);
    await t.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, id));
    expect((await call('GET', `/api/team-invitations/${oldToken}`, null)).json().data.expired).toBe(true);
    const expired = await call('POST', `/api/team-invitations/${oldToken}/accept`, invitee);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('team.invitation_expired');
    expect((await call('GET', '/api/team/invitations?status=expired', owner)).json().data.map((i: { id: string }) => i.id)).toEqual([id]);

    const resent = await call('POST', `/api/team/invitations/${id}/resend`, owner);
    expect(resent.json().data.status).toBe('pending');
    expect(new Date(resent.json().data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const newToken = await invitationToken(t, invitee.email);
    expect(newToken).not.toBe(oldToken);
    expect((await call('GET', `/api/team-invitations/${oldToken}`, null)).statusCode).toBe(404);
    expect((await call('POST', `/api/team-invitations/${newToken}/accept`, invitee)).statusCode).toBe(200);
  });

  it('once revoked, stop working and cannot be revoked or resent again', async () => {
    const { owner } = await teamWithOwner(t);
    const call = teamCall(t);
    const invitee = await signedUser(t);
    const { id } = (await call('POST', '/api/team/invitations', owner, { email: invitee.email, name: 'Not Anymore' })).json().data;
    const token = await invitationToken(t, invitee.email);
    expect((await call('DELETE', `/api/team/invitations/${id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/team-invitations/${token}`, null)).json().code).toBe('team.invitation_invalid');
    expect((await call('POST', `/api/team-invitations/${token}/accept`, invitee)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/team/invitations/${id}`, owner)).json().code).toBe('team.invitation_not_pending');
    expect((await call('POST', `/api/team/invitations/${id}/resend`, owner)).json().code).toBe('team.invitation_not_pending');
    // The address can be invited again.
    expect((await call('POST', '/api/team/invitations', owner, { email: invitee.email, name: 'Again' })).statusCode).toBe(201);
    expect((await call('POST', '/api/team/invitations', owner, { email: invitee.email, name: 'Twice' })).json().code).toBe(
      'team.invitation_pending',
    );
  });

  it('import a CSV row by row: bad rows are refused with their line and a translated reason, the others invited', async () => {
    const { owner } = await teamWithOwner(t);
    const call = teamCall(t);
    const member = await signedUser(t);
    await call('POST', '/api/team/invitations', owner, { email: 'pending@test.example', name: 'Already Pending' });
    const csv = [
      'Nombre;Correo;Cargo;Teléfono',
      'Ana García;ana@test.example;Ventas;+34 612 345 678',
      ';nobody@test.example;;',
      'Bad Address;not-an-email;;',
      'Bad Phone;phone@test.example;;12345',
      'Ana Again;ANA@test.example;;',
      'Pending;pending@test.example;;',
      `Member Self;${member.email};;`,
      '"Luis, Jr.";luis@test.example;"Sales; north";',
    ].join('\r\n');
    const res = await call('POST', '/api/team/invitations/import', owner, { csv }, 'es');
    expect(res.statusCode).toBe(200);
    const { invited, refused, rows } = res.json().data;
    expect([invited, refused]).toEqual([3, 5]);
    expect(
      rows.map((r: { line: number; status: string; reason: { code: string } | null }) => [r.line, r.status, r.reason?.code ?? null]),
    ).toEqual([
      [2, 'invited', null],
      [3, 'refused', 'validation.required'],
      [4, 'refused', 'validation.invalid_email'],
      [5, 'refused', 'validation.invalid_phone'],
      [6, 'refused', 'team.csv_duplicate'],
      [7, 'refused', 'team.invitation_pending'],
      [8, 'invited', null],
      [9, 'invited', null],
    ]);
    expect(rows[4].reason.message).toBe('Esta dirección ya aparece antes en el archivo.');
    const list = (await call('GET', '/api/team/invitations?status=pending', owner)).json().data;
    expect(list.find((i: { email: string }) => i.email === 'ana@test.example')).toMatchObject({
      name: 'Ana García',
      jobTitle: 'Ventas',
      phone: '+34612345678',
    });
    expect(list.find((i: { email: string }) => i.email === 'luis@test.example')).toMatchObject({
      name: 'Luis, Jr.',
      jobTitle: 'Sales; north',
    });

    // Once a member, an address is refused as one.
    await call('POST', `/api/team-invitations/${await invitationToken(t, member.email)}/accept`, member);
    const again = await call('POST', '/api/team/invitations/import', owner, { csv: `Someone,${member.email.toUpperCase()}` });
    expect(again.json().data.rows[0]).toMatchObject({ status: 'refused' });
  });

  it('refuse a file that is not CSV or is too long, as a whole', async () => {
    const { owner } = await teamWithOwner(t);
    const call = teamCall(t);
    const tooMany = Array.from({ length: 502 }, (_, i) => `P${i},p${i}@test.example`).join('\n');
    const res = await call('POST', '/api/team/invitations/import', owner, { csv: tooMany });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('team.csv_too_many_rows');
    const broken = await call('POST', '/api/team/invitations/import', owner, { csv: 'a,"b\nc' });
    expect(broken.json().code).toBe('team.csv_invalid');
  });
});
