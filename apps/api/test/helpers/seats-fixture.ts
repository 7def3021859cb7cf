import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkoutQuoteSchema, plansCatalogueSchema, type OfferAdmin, type PlanAdmin } from '@enlaza/contracts';
import { billingPeriods, teamMembers, teams } from '../../src/db/schema/index.js';
import { callAs, signedInFreeCustomer } from './subscriber.js';
import { insertUser, type TestContext } from './test-app.js';

const suffix = () => randomBytes(4).toString('hex');

/**
 * A paid plan of its own (`limits` over Free's) and its monthly offer priced per seat, made through
 * the admin's catalogue API: `priceCents` a seat, at least `minSeats` seats.
 */
export async function perSeatOffer(
  t: TestContext,
  adminToken: string,
  { priceCents = 1000, minSeats = 2, limits = { maxProfiles: 5, maxTags: 5, storageBytes: 500 * 1024 ** 2, sendsPerMonth: 2000 } } = {},
) {
  const code = `teams-${suffix()}`;
  const plan = await callAs(t, adminToken, 'POST', '/api/admin/plans', {
    code,
    names: { en: 'Teams', es: 'Equipos', jp: 'チーム' },
    ...limits,
    sortOrder: 50,
    isFree: false,
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  const [monthly] = await t.db.select({ id: billingPeriods.id }).from(billingPeriods).where(eq(billingPeriods.code, 'monthly'));
  const offer = await callAs(t, adminToken, 'POST', '/api/admin/offers', {
    planId: (plan.body.data as PlanAdmin).id,
    billingPeriodId: monthly!.id,
    accountTypeId: null,
    priceCents,
    taxId: null,
    visible: true,
    seatPricing: 'per_seat',
    minSeats,
  });
  expect(offer.status, JSON.stringify(offer.body)).toBe(201);
  return { plan: plan.body.data as PlanAdmin, offer: offer.body.data as OfferAdmin };
}

/** The active members of a team, counted as the teams module counts them. */
async function activeMembers(t: TestContext, teamId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.status, 'active')));
  return row?.n ?? 0;
}

/**
 * A team owned by `ownerId` written as the teams module writes it (rows, and `team.members_changed`
 * in the transaction of each join or removal), with `members` active members counting the owner.
 */
export async function teamOf(t: TestContext, ownerId: string, members: number) {
  const [team] = await t.db
    .insert(teams)
    .values({ name: 'Acme', alias: `acme-${suffix()}`, createdBy: ownerId })
    .returning();
  await t.db.insert(teamMembers).values({ teamId: team!.id, userId: ownerId, role: 'owner' });
  const ids = members > 1 ? await join(t, team!.id, ownerId, members - 1, { silent: true }) : [];
  return { teamId: team!.id, memberIds: ids };
}

/** An account joins the team, in its own transaction with its `team.members_changed` (unless `silent`). */
export async function enrol(t: TestContext, teamId: string, ownerId: string, userId: string, { silent = false } = {}) {
  await t.db.transaction(async (tx) => {
    await tx.insert(teamMembers).values({ teamId, userId, role: 'member' });
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.status, 'active')));
    if (!silent) await t.app.platform.events.publish('team.members_changed', { teamId, ownerId, activeMembers: row!.n }, tx);
  });
}

/** `n` new accounts join the team, one after another (`enrol`). */
export async function join(t: TestContext, teamId: string, ownerId: string, n: number, { silent = false } = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const user = await insertUser(t.db);
    await enrol(t, teamId, ownerId, user.id, { silent });
    ids.push(user.id);
  }
  return ids;
}

/** Members leave the team (removed, as the teams module keeps them), each with its `team.members_changed`. */
export async function removeMembers(t: TestContext, teamId: string, ownerId: string, userIds: string[]) {
  for (const userId of userIds) {
    await t.db
      .update(teamMembers)
      .set({ status: 'removed', removedAt: new Date() })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    await t.app.platform.events.publish('team.members_changed', { teamId, ownerId, activeMembers: await activeMembers(t, teamId) });
  }
}

/**
 * A Spanish customer (domestic VAT) who owns a team of `members` (counting them) and buys a new
 * per-seat offer through the API: what the plans page and the quote said, and the checkout's payment.
 */
export async function buyPerSeat(t: TestContext, adminToken: string, members: number, options: Parameters<typeof perSeatOffer>[2] = {}) {
  const { offer, plan } = await perSeatOffer(t, adminToken, options);
  const owner = await signedInFreeCustomer(t, { taxId: 'ESX1234567Z', country: 'ES' });
  const team = await teamOf(t, owner.user.id, members);
  const page = plansCatalogueSchema.parse((await callAs(t, owner.token, 'GET', '/api/user/plans')).body.data);
  const view = page.plans.find((p) => p.id === plan.id)!.offers[0]!;
  const quote = checkoutQuoteSchema.parse(
    (await callAs(t, owner.token, 'POST', '/api/user/checkout/quote', { offerId: offer.id })).body.data,
  );
  const paid = await callAs(t, owner.token, 'POST', '/api/user/checkout', {
    offerId: offer.id,
    methodId: owner.methodId,
    idempotencyKey: `checkout-${owner.user.id}`,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const checkout = paid.body.data.payment as { id: string; amountCents: number; invoiceId: string };
  return { ...owner, ...team, offer, plan, view, quote, checkout };
}
