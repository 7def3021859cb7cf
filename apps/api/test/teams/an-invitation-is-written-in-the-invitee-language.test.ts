import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, users } from '../../src/db/schema/index.js';
import { createTestApp, waitFor, type TestContext } from '../helpers/test-app.js';
import { signedUser, teamCall, teamWithOwner } from '../helpers/teams.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subjectTo = (email: string) =>
  waitFor(async () => {
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.toEmail, email)).orderBy(desc(deliveries.createdAt)).limit(1);
    return row?.subject;
  }, `the invitation email to ${email}`);

describe('a team invitation’s language', () => {
  it('is the invitee’s saved language when the address is an account’s, the inviter’s otherwise', async () => {
    const { owner } = await teamWithOwner(t);
    await t.db.update(users).set({ locale: 'en' }).where(eq(users.id, owner.id));
    const call = teamCall(t);

    const spanish = await signedUser(t, 'Lucía Fernández Ruiz');
    await t.db.update(users).set({ locale: 'es' }).where(eq(users.id, spanish.id));
    const invited = await call('POST', '/api/team/invitations', owner, { email: spanish.email, name: spanish.name });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await subjectTo(spanish.email)).toMatch(/te invita a unirte a Acme Sales/);

    const stranger = `nobody-${Date.now()}@invitee.example`;
    expect((await call('POST', '/api/team/invitations', owner, { email: stranger, name: 'No Body' })).statusCode).toBe(201);
    expect(await subjectTo(stranger)).toMatch(/invites you to join Acme Sales/);
  });
});
