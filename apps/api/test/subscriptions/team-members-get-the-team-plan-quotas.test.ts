import { describe, expect, it } from 'vitest';
import { subscriptionDataSchema } from '@enlaza/contracts';
import { subscribe } from '../helpers/billing-fixture.js';
import { buyPerSeat, enrol, removeMembers, teamOf } from '../helpers/seats-fixture.js';
import { callAs, signedInFreeCustomer, useAdminApp } from '../helpers/subscriber.js';

// A member of a team whose owner pays per seat gets, per quota, the larger of their own plan's limit
// and the team plan's; `datasuscription` keeps its shape (`plan` is still their own).
const app = useAdminApp();
const MB = 1024 ** 2;
const TEAM_PLAN = { maxProfiles: 20, maxTags: 5, storageBytes: 1024 * MB, sendsPerMonth: 8000 };

const dataOf = async (token: string) => subscriptionDataSchema.parse((await callAs(app.t, token, 'GET', '/api/datasuscription')).body);

describe('quotas of a team member', { timeout: 180_000 }, () => {
  it('are, per quota, the larger of their own plan’s and the team plan’s, while they are in a per-seat team', async () => {
    const owner = await buyPerSeat(app.t, app.admin, 1, { limits: TEAM_PLAN });
    const onFree = await signedInFreeCustomer(app.t);
    const onPro = await signedInFreeCustomer(app.t);
    await subscribe(app.t, onPro.user.id, 'pro', 'monthly');
    await enrol(app.t, owner.teamId, owner.user.id, onFree.user.id);
    await enrol(app.t, owner.teamId, owner.user.id, onPro.user.id);

    const free = await dataOf(onFree.token);
    expect(free.plan).toMatchObject({ code: 'free', limits: { profiles: 1, tags: 1, storageBytes: 50 * MB, sendsPerMonth: 100 } });
    expect(free.limits).toEqual({ profiles: 20, tags: 5, storageBytes: 1024 * MB, sendsPerMonth: 8000 });
    // Pro has more tags and storage than the team plan, fewer cards and sends.
    const pro = await dataOf(onPro.token);
    expect(pro.plan?.code).toBe('pro');
    expect(pro.limits).toEqual({ profiles: 20, tags: 10, storageBytes: 2048 * MB, sendsPerMonth: 8000 });
    // The owner's own plan is the team plan.
    expect((await dataOf(owner.token)).limits).toEqual({ profiles: 20, tags: 5, storageBytes: 1024 * MB, sendsPerMonth: 8000 });

    // Removed from the team, a member is back on their own plan's quotas.
    await removeMembers(app.t, owner.teamId, owner.user.id, [onFree.user.id]);
    expect((await dataOf(onFree.token)).limits).toEqual({ profiles: 1, tags: 1, storageBytes: 50 * MB, sendsPerMonth: 100 });
  });

  it('are their own plan’s in a team whose owner pays a flat price', async () => {
    const owner = await signedInFreeCustomer(app.t);
    await subscribe(app.t, owner.user.id, 'business', 'monthly');
    const team = await teamOf(app.t, owner.user.id, 1);
    const member = await signedInFreeCustomer(app.t);
    await enrol(app.t, team.teamId, owner.user.id, member.user.id);
    expect((await dataOf(member.token)).limits).toEqual({ profiles: 1, tags: 1, storageBytes: 50 * MB, sendsPerMonth: 100 });
  });
});
