import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { createCampaignsRepository } from '../../src/modules/campaigns/repository.js';
import { createDraftCampaign, seedCampaignAudience } from '../helpers/campaigns.js';
import { databaseKind } from '../helpers/database.js';
import { createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';
import { whileUncommitted } from '../helpers/uncommitted.js';

let t: TestContext;
let token: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await insertUser(t.db);
  userId = user.id;
  token = await login(t.app, user);
});
afterAll(() => t?.close());

/**
 * A draft campaign with `count` pending recipient rows. Rows of a draft are claimable directly and no
 * send job runs for it: only the claim protocol of the sending runs is at work.
 */
async function campaignWithRecipients(count: number): Promise<string> {
  const { profileId, templateId } = await seedCampaignAudience(t.db, userId, 1, { prefix: 'claims' });
  const id = await createDraftCampaign(t.app, token, { name: 'Claimed', templateId, profileId });
  await t.db.execute(sql`insert into campaign_recipients (id, campaign_id, email, name)
    select gen_random_uuid(), ${id}, 'claim' || g || '@claims.example', 'Person ' || g from generate_series(1, ${count}) g`);
  return id;
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('sending runs claiming recipients', () => {
  it('leave the rows another run holds under a live lease, and take them once the lease ran out', async () => {
    const repo = createCampaignsRepository(t.db);
    const campaignId = await campaignWithRecipients(10);
    const first = await repo.claim(campaignId, 4, 60);
    expect(first).toHaveLength(4);
    const second = await repo.claim(campaignId, 10, 60);
    expect(second).toHaveLength(6);
    expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
    expect(await repo.claim(campaignId, 10, 60)).toEqual([]);

    // The first run's lease runs out (the run died): its rows are claimable again, the second's are not.
    await t.db.execute(sql`update campaign_recipients set lease_until = now() - interval '1 second' where id in ${ids(first)}`);
    expect(ids(await repo.claim(campaignId, 10, 60)).sort()).toEqual(ids(first).sort());
  });

  it.skipIf(databaseKind !== 'postgres')(
    'never hold the same recipient when two claim at once (PostgreSQL: the second claims while the first is uncommitted)',
    async () => {
      const campaignId = await campaignWithRecipients(200);
      const { held, contended } = await whileUncommitted(
        t.db,
        (tx) => createCampaignsRepository(tx as unknown as Database).claim(campaignId, 120, 60),
        () => createCampaignsRepository(t.db).claim(campaignId, 200, 60),
      );
      expect(held).toHaveLength(120);
      expect(ids(contended).filter((id) => ids(held).includes(id))).toEqual([]);
      // Every row is held by exactly one of the two runs, with one claim counted each.
      const { rows } = await t.db.execute(
        sql`select count(*)::int as n, count(*) filter (where attempts = 1 and lease_until > now())::int as held_once
          from campaign_recipients where campaign_id = ${campaignId}`,
      );
      expect(rows[0]).toEqual({ n: 200, held_once: held.length + contended.length });
    },
  );
});
