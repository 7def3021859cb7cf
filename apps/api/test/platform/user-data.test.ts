import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { plansCatalogueSchema, userDataExportSchema } from '@enlaza/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aliasRedirects,
  coupons,
  promotionCodes,
  deliveries,
  emailTemplates,
  emailTokens,
  folders,
  invoices,
  labels,
  messages,
  notifications,
  notificationThresholds,
  onboardingChecklists,
  passkeys,
  paymentMethods,
  payments,
  customerCredits,
  plans,
  profiles,
  scheduledPlanChanges,
  subscriptions,
  suppressions,
  consentSettings,
  consents,
  users,
  webauthnChallenges,
  webhookEndpoints,
  customDomains,
  scimGroupMembers,
  scimGroups,
  scimUsers,
  teamMembers,
  crmConnections,
  crmAuthorizations,
  paymentRedsysOrders,
  automationEnrolments,
} from '../../src/db/schema/index.js';
import { multipart, png } from '../helpers/files.js';
import { bearer, createTestApp, insertUser, login, queueIdle, waitFor, type TestContext } from '../helpers/test-app.js';
import { saveTestMethod, TEST_METHODS } from '../helpers/sandbox-methods.js';

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enlaza-user-data-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every stored file's bytes on disk. */
async function storedOnDisk(): Promise<string[]> {
  const root = join(dataDir, 'files');
  const dirs = await readdir(root).catch(() => [] as string[]);
  return (await Promise.all(dirs.map(async (d) => (await readdir(join(root, d))).map((f) => `${d}/${f}`)))).flat().sort();
}

/** The sandbox's test cards expire in December 2045. */
const nextYear = 2045;

/** Calls the API as the user and answers the status and body (failing loudly on anything but the expected status). */
async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload: object | undefined, expected: number) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(expected);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.json<{ data: any }>().data;
}

/** Turns two-factor sign-in on for the token's user, with a code made by an independent TOTP implementation. */
async function enableTwoFactor(token: string) {
  const setup = await t.app.inject({ method: 'POST', url: '/api/two-factor/setup', headers: bearer(token) });
  const { secret } = setup.json<{ data: { secret: string } }>().data;
  const code = authenticator.generate(secret);
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/two-factor/confirm', headers: bearer(token), payload: { code } })).statusCode,
  ).toBe(200);
}

/** A customer with something in every table that has a user_id: through the API where it matters (files, sign-in, wall, campaign, contact list, card, checkout), directly otherwise. */
async function customerWithEverything(label: string) {
  const user = await insertUser(t.db, { name: `${label} Person`, phone: '+34600000001' });
  const token = await login(t.app, user);
  const apiToken = await t.app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: bearer(token),
    payload: { name: `${label} script`, scopes: ['cards:read'], expiresIn: 'never' },
  });
  expect(apiToken.statusCode).toBe(201);
  const body = multipart([{ name: `${label}.png`, data: png(3, 3, [label.length * 20, 10, 10]) }]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(201);
  await queueIdle(t.app, 'event.'); // the upload's history row and storage thresholds follow its event
  const [folder] = await t.db
    .insert(folders)
    .values({ userId: user.id, kind: 'card', name: `${label} folder`, color: '#123456' })
    .returning();
  await t.db.insert(labels).values({ userId: user.id, kind: 'card', name: `${label} label`, color: '#654321' });
  const [card] = await t.db
    .insert(profiles)
    .values({ userId: user.id, kind: 'card', name: `${label} card`, folderId: folder!.id, wall: true })
    .returning();
  await t.db
    .insert(messages)
    .values({ profileId: card!.id, userId: user.id, name: 'A visitor', email: `visitor-${label}@example.com`, body: `Hello ${label}` });
  const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
  await t.db
    .insert(deliveries)
    .values({ userId: user.id, kind: 'reply', toEmail: `visitor-${label}@example.com`, subject: 'Re: hello', status: 'logged' });
  await t.db.insert(notifications).values({ userId: user.id, type: 'new_message', payload: { senderName: 'A visitor' } });
  await t.db.insert(notificationThresholds).values({ userId: user.id, key: 'storage:80' });
  const [template] = await t.db
    .insert(emailTemplates)
    .values({ userId: user.id, name: `${label} template`, subject: 'Hi', bodyHtml: '<p>Hi</p>', bodyText: 'Hi' })
    .returning();
  await t.db.insert(suppressions).values({ userId: user.id, email: `gone-${label}@example.com`, reason: 'unsubscribed' });
  await t.db.insert(consentSettings).values({ userId: user.id, doubleOptIn: false });
  await t.db.insert(consents).values({
    userId: user.id,
    email: `visitor-${label}@example.com`,
    source: 'form',
    origin: 'https://enlaza.test/link/x',
    text: 'I agree',
    textVersion: 'v',
    locale: 'en',
    method: 'single',
    confirmedAt: new Date(),
  });
  await t.db.insert(emailTokens).values({
    userId: user.id,
    email: user.email,
    purpose: 'reset_password',
    tokenHash: `hash-${label}-${Date.now()}`,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await t.db.insert(aliasRedirects).values({ userId: user.id, alias: `old-${label}-${Date.now()}` });
  await t.db.insert(onboardingChecklists).values({ userId: user.id, sharedAt: new Date() });
  await t.db
    .insert(passkeys)
    .values({ userId: user.id, name: `${label} passkey`, credentialId: `cred-${label}-${Date.now()}`, publicKey: 'pk' });
  // Two-factor sign-in on, through the API (a code from the secret the enrolment shows), then a
  // password step that leaves a challenge; the address the sign-in came from is known.
  await enableTwoFactor(token);
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } })).statusCode,
  ).toBe(200);
  await t.db
    .insert(webauthnChallenges)
    .values({ userId: user.id, purpose: 'register', challenge: 'c', expiresAt: new Date(Date.now() + 60_000) });
  await t.db.insert(webhookEndpoints).values({
    userId: user.id,
    url: `https://${label}.example/hook`,
    description: `${label} hook`,
    events: ['message.received'],
    secretEncrypted: 'whsec_x',
  });
  // A CRM connection (its tokens sealed) and a connection in flight (written directly: connecting goes through the vendor).
  await t.db.insert(crmConnections).values({
    userId: user.id,
    provider: 'hubspot',
    accountName: `${label}.hubspot.example`,
    accountId: '42',
    accessTokenSealed: 'sealed',
    refreshTokenSealed: 'sealed',
  });
  await t.db.insert(crmAuthorizations).values({
    stateHash: `${label}-${randomUUID()}`,
    sessionId: 'session',
    userId: user.id,
    provider: 'salesforce',
    codeVerifier: 'sealed',
    expiresAt: new Date(Date.now() + 60_000),
  });
  // A sending domain of their own (its DKIM key is made by the API).
  await call(token, 'POST', '/api/sending-domains', { domain: `${label}-${Date.now().toString(36)}.example` }, 200);
  // A custom domain for their card (written directly: the plan of this test's users allows none).
  await t.db
    .insert(customDomains)
    .values({ userId: user.id, host: `${label}-${Date.now().toString(36)}.cards.example`, profileId: card!.id, token: 'x', records: [] });
  await call(token, 'POST', '/api/walls/posts', { profileId: card!.id, title: `${label} post`, bodyHtml: '<p>On my wall</p>' }, 201);
  // A team of their own (they are its owner, alone in it): its membership row is theirs.
  await call(token, 'POST', '/api/team', { name: `${label} team`, alias: `${label}-team-${Date.now().toString(36)}`.slice(0, 30) }, 201);
  // What their team's identity provider said of them through SCIM, and a group it put them in.
  const [own] = await t.db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, user.id));
  await t.db
    .insert(scimUsers)
    .values({ teamId: own!.teamId, userId: user.id, externalId: `${label}-ext`, attributes: { department: 'Sales' } });
  const [group] = await t.db
    .insert(scimGroups)
    .values({ teamId: own!.teamId, displayName: `${label} group` })
    .returning();
  await t.db.insert(scimGroupMembers).values({ groupId: group!.id, userId: user.id });
  const { list } = await call(
    token,
    'POST',
    '/api/audience/lists/import',
    {
      csv: `Name,Email\nAna,ana-${label}@example.com\n`,
      name: `${label} list`,
      hasHeader: true,
      emailColumn: 1,
      nameColumn: 0,
      consent: true,
    },
    201,
  );
  await call(token, 'POST', '/api/campaigns', { name: `${label} campaign`, audience: { listIds: [list.id] } }, 201);
  await call(token, 'PUT', '/api/campaigns/sender', { name: `${label} sender`, postalAddress: 'Calle Mayor 1, 28013 Madrid' }, 200);
  // An automation with a step (its hidden campaign) and a person in it.
  const automation = await call(
    token,
    'POST',
    '/api/automations',
    { name: `${label} welcome`, trigger: { kind: 'list_added', listId: list.id } },
    201,
  );
  await call(
    token,
    'POST',
    `/api/automations/${automation.id}/steps`,
    { templateId: template!.id, delayMinutes: 60, condition: 'always' },
    200,
  );
  await t.db
    .insert(automationEnrolments)
    .values({ automationId: automation.id, userId: user.id, email: `ana-${label}@example.com`, name: 'Ana' });
  // A contact field with a value, and a segment on it.
  const field = await call(token, 'POST', '/api/audience/fields', { name: `${label} city`, type: 'text' }, 201);
  await call(token, 'PUT', '/api/audience/fields/values', { email: `ana-${label}@example.com`, values: { [field.id]: 'Madrid' } }, 200);
  await call(
    token,
    'POST',
    '/api/audience/segments',
    {
      name: `${label} Madrid`,
      rule: { match: 'all', groups: [{ match: 'all', conditions: [{ kind: 'field', fieldId: field.id, op: 'is', value: 'Madrid' }] }] },
    },
    201,
  );
  // A saved test card, a checkout of Business (which issues an invoice), then Pro scheduled for the period end.
  const method = await saveTestMethod(t, token, TEST_METHODS.ok, { holder: `${label} Person` });
  const catalogue = plansCatalogueSchema.parse(await call(token, 'GET', '/api/user/plans', undefined, 200));
  const offer = (plan: string) => catalogue.plans.find((p) => p.code === plan)!.offers.find((o) => o.period.code === 'monthly')!;
  // Bought with a promotion code (a coupon the admin made): the redemption is the customer's too.
  const [coupon] = await t.db
    .insert(coupons)
    .values({ name: `${label} coupon`, percentOff: 10, duration: 'once', appliesTo: { offerIds: [], addOnIds: [] } })
    .returning();
  const promotionCode = `${label}-${randomUUID().slice(0, 8)}`.toUpperCase().replace(/[^A-Z0-9-]/g, '');
  await t.db.insert(promotionCodes).values({ couponId: coupon!.id, code: promotionCode });
  await call(
    token,
    'POST',
    '/api/user/checkout',
    { offerId: offer('business').id, methodId: method.id, idempotencyKey: randomUUID(), promotionCode },
    200,
  );
  await call(token, 'PUT', '/api/user/myplan/downgrade', { offerId: offer('pro').id }, 200);
  // A credit balance left by an earlier plan change (what a change whose credit exceeds its charge writes).
  const [paid] = await t.db.select().from(payments).where(eq(payments.userId, user.id));
  await t.db.insert(customerCredits).values({ userId: user.id, paymentId: paid!.id, kind: 'plan_change', amountCents: 500 });
  // A card setup on Redsys' page, as Redsys as the provider records it (its operations are the customer's too).
  await t.db.insert(paymentRedsysOrders).values({
    id: `0001${randomUUID().slice(0, 8)}`,
    order: `0001${randomUUID().slice(0, 8)}`,
    kind: 'setup',
    userId: user.id,
    status: 'succeeded',
    amountCents: 0,
    data: { method: 'card' },
  });
  // The checkout's notifications (payment, invoice) follow its events after commit: wait for them, so nothing of this customer is still on its way.
  await waitFor(
    async () =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'invoice_issued')))
      )[0],
    'the invoice notification',
  );
  await queueIdle(t.app, 'event.');
  return { user, token };
}

/** Rows per table with a user_id column, for one user (every such table, found from the catalogue, not from a list). */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const { rows } = (await t.db.execute(
    sql`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'user_id' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const result = (await t.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${userId}`,
    )) as unknown as { rows: { n: number }[] };
    counts[table_name] = result.rows[0]!.n;
  }
  return counts;
}

describe('export my data', () => {
  it('answers one section per module, as the declared contract says, with no password hash, token or storage key', async () => {
    const { user, token } = await customerWithEverything('exporter');
    await customerWithEverything('bystander');
    const res = await t.app.inject({ url: '/api/options/export', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const data = userDataExportSchema.parse(res.json());
    expect(data.account).toMatchObject({ id: user.id, name: 'exporter Person', email: user.email, phone: '+34600000001' });
    expect(data.account.previousAliases).toHaveLength(1);
    expect(data.account.sessions.length).toBeGreaterThan(0);
    expect(data.signIn).toMatchObject({ recoveryCodesLeft: 10, knownAddresses: 1 });
    expect(data.signIn.twoFactorSince).not.toBeNull();
    expect(data.passkeys).toEqual([expect.objectContaining({ name: 'exporter passkey', lastUsedAt: null })]);
    expect(data.webhooks).toEqual([expect.objectContaining({ url: 'https://exporter.example/hook', events: ['message.received'] })]);
    expect(JSON.stringify(data.webhooks)).not.toContain('whsec_');
    // The sending domain without its private key.
    expect(data.sendingDomains).toEqual([
      expect.objectContaining({ status: 'pending', inUse: false, address: expect.stringMatching(/^hola@exporter-/) }),
    ]);
    expect(JSON.stringify(data.sendingDomains)).not.toMatch(/PRIVATE|sealed/i);
    // Their card, and the team card their own team gave them (named after them).
    expect(data.profiles.profiles.map((p) => p.name)).toEqual(['exporter card', 'exporter Person']);
    expect(data.profiles.folders.map((f) => f.name)).toEqual(['exporter folder']);
    expect(data.profiles.labels.map((l) => l.name)).toEqual(['exporter label']);
    expect(data.messages.map((m) => m.body)).toEqual(['Hello exporter']);
    expect(data.files.map((f) => f.name)).toEqual(['exporter.png']);
    expect(data.subscriptions.map((s) => s.plan)).toEqual(['business']);
    // The reply to a visitor, and the receipt of the plan's payment (with the invoice PDF) to the customer.
    // The owner's own emails (a reply's copy, and the security notices of adding a passkey, a token, a webhook) and the visitor's.
    expect([...new Set(data.deliveries.map((d) => d.toEmail))].sort()).toEqual([user.email, 'visitor-exporter@example.com'].sort());
    expect(data.activity.map((e) => e.action)).toContain('auth.sign_in');
    expect(data.notifications.map((n) => n.type).sort()).toEqual(['invoice_issued', 'new_message', 'payment_succeeded']);
    expect(data.templates.map((x) => x.name)).toEqual(['exporter template']);
    expect(data.onboarding).toMatchObject({ previewedAt: null, sharedAt: expect.any(String), dismissedAt: null });
    expect(data.suppressions.map((s) => s.email)).toEqual(['gone-exporter@example.com']);
    expect(data.wallPosts.map((p) => p.title)).toEqual(['exporter post']);
    expect(data.team.memberships.map((m) => [m.teamName, m.role, m.status])).toEqual([['exporter team', 'owner', 'active']]);
    // The campaign, and the hidden campaign of the automation's step (the people it is sent to are listed with it once it sends).
    expect(data.campaigns.map((c) => [c.name, c.state, c.recipients])).toEqual([
      ['exporter campaign', 'draft', []],
      ['exporter welcome · 1', 'draft', []],
    ]);
    expect(data.automations).toEqual([
      expect.objectContaining({
        name: 'exporter welcome',
        state: 'draft',
        steps: [{ position: 0, templateName: 'exporter template', delayMinutes: 60, condition: 'always' }],
        people: [expect.objectContaining({ email: 'ana-exporter@example.com', state: 'active', nextStep: 0, stopReason: null })],
      }),
    ]);
    expect(data.contactLists.map((l) => [l.name, l.contacts.map((c) => c.email)])).toEqual([
      ['exporter list', ['ana-exporter@example.com']],
    ]);
    expect(data.payments.methods).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: nextYear, isDefault: true }),
    ]);
    expect(data.payments.payments.map((p) => [p.status, p.purpose, p.methodLast4])).toEqual([['succeeded', 'subscription', '4242']]);
    expect(data.payments.scheduledPlanChanges).toHaveLength(1);
    expect(data.invoices).toHaveLength(1);
    expect(data.invoices[0]).toMatchObject({
      kind: 'invoice',
      number: data.payments.payments[0]!.invoiceNumber,
      status: 'issued',
      totalCents: data.payments.payments[0]!.amountCents,
    });
    // The provider's token of the saved card is never exported.
    const [saved] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(res.body).not.toContain(saved!.providerToken);
    // Nothing of the other customer, and no secret of any kind.
    expect(res.body).not.toContain('bystander');
    expect(res.body).not.toMatch(/argon2|passwordHash|tokenHash|storageKey|hash-exporter/);
  });
});

describe('delete my account', () => {
  it('leaves no row of the user in any table with a user_id, removes their file bytes, and touches nobody else', async () => {
    const leaver = await customerWithEverything('leaver');
    const stayer = await customerWithEverything('stayer');
    const before = await rowsOf(leaver.user.id);
    // The fixture really fills every table that has a user_id (a new table without data here would prove nothing).
    for (const [table, n] of Object.entries(before)) expect(n, `no ${table} row for the leaver before the deletion`).toBeGreaterThan(0);
    const stayerBefore = await rowsOf(stayer.user.id);
    const stayerFile = (await t.app.inject({ url: '/api/files', headers: bearer(stayer.token) })).json().data[0].id as string;
    const diskBefore = await storedOnDisk();
    const [leaverSubscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, leaver.user.id));
    const [stayerSubscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, stayer.user.id));

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/options/delete-account',
      headers: bearer(leaver.token),
      payload: { password: leaver.user.password },
    });
    expect(res.statusCode).toBe(200);

    const after = await rowsOf(leaver.user.id);
    // Only the declared retained tables (invoices, the payments behind them and the redemptions behind their discount lines: tax law) keep rows; every other table has none.
    const retained = t.app.userData
      .retained()
      .map((r) => r.table)
      .sort();
    expect(retained).toEqual(['coupon_redemptions', 'invoices', 'payments']);
    for (const r of t.app.userData.retained()) expect(r.reason.length, r.table).toBeGreaterThan(0);
    expect(
      Object.entries(after)
        .filter(([, n]) => n > 0)
        .map(([table]) => table)
        .sort(),
      JSON.stringify(after),
    ).toEqual(retained);
    for (const table of retained) expect(after[table], table).toBe(before[table]);
    // The saved card goes (the payment keeps only its brand and last four); the scheduled change goes; the issued invoice stays as it was.
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, leaver.user.id))).toHaveLength(0);
    const [payment] = await t.db.select().from(payments).where(eq(payments.userId, leaver.user.id));
    expect(payment).toMatchObject({ methodId: null, methodLast4: '4242', status: 'succeeded' });
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.userId, leaver.user.id));
    expect(invoice).toMatchObject({ number: payment!.invoiceNumber, status: 'issued' });
    expect(
      await t.db.select().from(scheduledPlanChanges).where(eq(scheduledPlanChanges.subscriptionId, leaverSubscription!.id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(scheduledPlanChanges).where(eq(scheduledPlanChanges.subscriptionId, stayerSubscription!.id)),
    ).toHaveLength(1);
    expect(await rowsOf(stayer.user.id)).toEqual(stayerBefore);
    // The leaver's one file is gone from the disk; the stayer's is still served.
    expect((await storedOnDisk()).length).toBe(diskBefore.length - 1);
    expect((await t.app.inject({ url: `/api/files/${stayerFile}`, headers: bearer(stayer.token) })).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, leaver.user.id));
    expect(row).toMatchObject({ status: 'deleted', name: 'Deleted user', phone: null, notificationEmails: [] });
    expect(row!.email).not.toBe(leaver.user.email);
  });
});
