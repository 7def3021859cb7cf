import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingPeriods, plans, subscriptions } from '../../src/db/schema/index.js';
import { perSeatOffer } from '../helpers/seats-fixture.js';
import { useAdminApp } from '../helpers/subscriber.js';
import { bearer, insertUser, queueIdle } from '../helpers/test-app.js';

// The admin's offers priced per seat (`/admin/suscripciones-disponibles`): a price per seat and a
// minimum of seats, checked with translated field errors, kept in the history.
const app = useAdminApp();

const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'en') =>
  app.t.app.inject({ method, url, headers: { ...bearer(app.admin), 'accept-language': lang }, ...(payload && { payload }) });

async function offerBody(overrides: Record<string, unknown> = {}) {
  const { plan } = await perSeatOffer(app.t, app.admin);
  const [yearly] = await app.t.db.select({ id: billingPeriods.id }).from(billingPeriods).where(eq(billingPeriods.code, 'yearly'));
  return { planId: plan.id, billingPeriodId: yearly!.id, accountTypeId: null, priceCents: 9900, taxId: null, visible: true, ...overrides };
}

describe('per-seat offers in the admin catalogue', { timeout: 180_000 }, () => {
  it('are created with their minimum of seats, listed with them, and an edit of either is in the history', async () => {
    const body = await offerBody({ seatPricing: 'per_seat', minSeats: 3 });
    const created = await asAdmin('POST', '/api/admin/offers', body);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ seatPricing: 'per_seat', minSeats: 3, priceCents: 9900 });
    const listed = (await asAdmin('GET', '/api/admin/offers')).json().data as { id: string; seatPricing: string; minSeats: number }[];
    expect(listed.find((o) => o.id === created.json().data.id)).toMatchObject({ seatPricing: 'per_seat', minSeats: 3 });
    // An offer sent without them is flat, as every offer was before.
    const flat = await asAdmin('POST', '/api/admin/offers', { ...(await offerBody()) });
    expect(flat.json().data).toMatchObject({ seatPricing: 'flat', minSeats: 1 });

    const id = created.json().data.id as string;
    expect((await asAdmin('PUT', `/api/admin/offers/${id}`, { ...body, minSeats: 5 })).json().data.minSeats).toBe(5);
    await queueIdle(app.t.app, 'event.');
    const history = (await asAdmin('GET', '/api/admin/historial?action=admin.catalogue_updated')).json().data as {
      targetId: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }[];
    expect(history.find((e) => e.targetId === id)).toMatchObject({
      before: { minSeats: 3 },
      after: { minSeats: 5, seatPricing: 'per_seat' },
    });
  });

  it('refuse a minimum below 1, a minimum on a flat price and a per-seat Free plan, each on its field in the admin’s language', async () => {
    const tooFew = await asAdmin('POST', '/api/admin/offers', await offerBody({ seatPricing: 'per_seat', minSeats: 0 }), 'es');
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().errors.minSeats).toEqual(['El valor debe ser como mínimo 1.']);

    const flatMinimum = await asAdmin('POST', '/api/admin/offers', await offerBody({ seatPricing: 'flat', minSeats: 3 }), 'es');
    expect(flatMinimum.statusCode).toBe(422);
    expect(flatMinimum.json().errors.minSeats).toEqual(['Un mínimo de puestos solo se aplica a un precio por puesto: déjalo en 1.']);

    const [free] = await app.t.db.select().from(plans).where(eq(plans.code, 'free'));
    const freePerSeat = await asAdmin(
      'POST',
      '/api/admin/offers',
      await offerBody({ planId: free!.id, seatPricing: 'per_seat', minSeats: 2 }),
      'jp',
    );
    expect(freePerSeat.statusCode).toBe(422);
    expect(freePerSeat.json()).toMatchObject({
      code: 'catalogue.per_seat_free_plan',
      errors: { seatPricing: ['無料プランはシート単位の価格にできません。'] },
    });

    const unknown = await asAdmin('POST', '/api/admin/offers', await offerBody({ seatPricing: 'per_member' }));
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['seatPricing']);
  });

  it('keep their pricing while subscriptions run on them: only their price and minimum may change', async () => {
    const { offer } = await perSeatOffer(app.t, app.admin);
    const user = await insertUser(app.t.db);
    await app.t.db
      .insert(subscriptions)
      .values({ userId: user.id, planId: offer.planId, offerId: offer.id, status: 'active', currentPeriodStart: new Date(), seats: 2 });
    const body = {
      planId: offer.planId,
      billingPeriodId: offer.billingPeriodId,
      accountTypeId: null,
      priceCents: offer.priceCents,
      taxId: null,
      visible: true,
    };
    const switched = await asAdmin('PUT', `/api/admin/offers/${offer.id}`, { ...body, seatPricing: 'flat', minSeats: 1 });
    expect(switched.statusCode).toBe(409);
    expect(switched.json().code).toBe('catalogue.seat_pricing_in_use');
    const repriced = await asAdmin('PUT', `/api/admin/offers/${offer.id}`, {
      ...body,
      priceCents: 1100,
      seatPricing: 'per_seat',
      minSeats: 4,
    });
    expect(repriced.json().data).toMatchObject({ priceCents: 1100, minSeats: 4, seatPricing: 'per_seat' });
  });
});
