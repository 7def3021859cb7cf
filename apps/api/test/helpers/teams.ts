import { desc, eq } from 'drizzle-orm';
import { deliveries } from '../../src/db/schema/index.js';
import { bearer, insertUser, login, waitFor, type TestContext } from './test-app.js';

export type Signed = { id: string; email: string; name: string; alias: string; password: string; token: string };

let counter = 0;
/** A new active account, signed in. */
export async function signedUser(t: TestContext, name?: string): Promise<Signed> {
  const user = await insertUser(t.db, name ? { name } : {});
  return { id: user.id, email: user.email, name: user.name, alias: user.alias, password: user.password, token: await login(t.app, user) };
}

/** A request as `who` (a bearer token), in `language`. */
export function teamCall(t: TestContext) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Signed | null, payload?: object, language = 'en') =>
    t.app.inject({
      method,
      url,
      headers: { ...(who ? bearer(who.token) : {}), 'accept-language': language },
      ...(payload && { payload }),
    });
}

/** A signed-in owner and the team they just created (alias made unique per call). */
export async function teamWithOwner(t: TestContext, name = 'Acme Sales') {
  counter += 1;
  const owner = await signedUser(t, `Olga Owner ${counter}`);
  const alias = `acme-${counter}-${Date.now().toString(36)}`.slice(0, 30);
  const res = await teamCall(t)('POST', '/api/team', owner, { name, alias });
  if (res.statusCode !== 201) throw new Error(`team not created: ${res.statusCode} ${res.body}`);
  const data = res.json<{ data: { team: { id: string; alias: string }; cardId: string } }>().data;
  return { owner, team: data.team, ownerCardId: data.cardId };
}

/** The token of the latest invitation emailed to `email` (the email's link `/user/equipo/unirse/{token}`). */
export async function invitationToken(t: TestContext, email: string): Promise<string> {
  return waitFor(async () => {
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.toEmail, email)).orderBy(desc(deliveries.createdAt)).limit(1);
    return row?.bodyText?.match(/\/user\/equipo\/unirse\/([A-Za-z0-9_-]+)/)?.[1];
  }, `the invitation email to ${email}`);
}

/** Invites a new account to the owner's team and accepts it: the member, signed in, and their team card's id. */
export async function joinedMember(
  t: TestContext,
  owner: Signed,
  extra: { jobTitle?: string; phone?: string; role?: 'admin' | 'member' } = {},
) {
  const member = await signedUser(t);
  const call = teamCall(t);
  const invited = await call('POST', '/api/team/invitations', owner, { email: member.email, name: member.name, ...extra });
  if (invited.statusCode !== 201) throw new Error(`invitation refused: ${invited.statusCode} ${invited.body}`);
  const accepted = await call('POST', `/api/team-invitations/${await invitationToken(t, member.email)}/accept`, member);
  if (accepted.statusCode !== 200) throw new Error(`invitation not accepted: ${accepted.statusCode} ${accepted.body}`);
  return { member, cardId: accepted.json<{ data: { cardId: string } }>().data.cardId };
}

/** A visitor's message through the card's public contact form. */
export async function visitorWrites(t: TestContext, path: string, message: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public${path}/messages`,
    headers: { 'sec-fetch-site': 'same-origin' },
    payload: { name: 'Vera Visitor', email: 'vera@visitor.example', message },
  });
  if (res.statusCode !== 201) throw new Error(`message refused: ${res.statusCode} ${res.body}`);
}
