import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { campaignSenders, emailTemplates, messages, profiles } from '../../src/db/schema/index.js';
import { bearer } from './test-app.js';

/**
 * A card of `userId` whose contact form brought `count` consenting senders (`prefix0@…` onwards), a
 * template, and the user's campaign sender (required to start a campaign) unless they have one.
 */
export async function seedCampaignAudience(
  db: Database,
  userId: string,
  count: number,
  options: { prefix?: string; domain?: string; template?: { subject: string; bodyHtml: string; bodyText: string } } = {},
) {
  const { prefix = 'r', domain = 'campaign.example' } = options;
  await db
    .insert(campaignSenders)
    .values({ userId, name: 'Campaign Owner', postalAddress: 'Calle Mayor 1\n28013 Madrid\nSpain' })
    .onConflictDoNothing();
  const [profile] = await db.insert(profiles).values({ userId, kind: 'card', name: 'Campaign card' }).returning({ id: profiles.id });
  for (let i = 0; i < count; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
      profileId: profile!.id,
      userId,
      name: `Person ${i + j}`,
      email: `${prefix}${i + j}@${domain}`,
      body: 'Hello, keep me posted.',
      consent: true,
    }));
    await db.insert(messages).values(rows);
  }
  const template = options.template ?? {
    subject: 'News for {{nombre}}',
    bodyHtml:
      '<p>Hello {{nombre}},</p><p>Read <a href="https://example.org/news?a=1&amp;b=2">our news</a>.</p><p>My card: {{perfil_url}}</p>',
    bodyText: 'Hello {{nombre}},\n\nRead our news: https://example.org/news?a=1&b=2\n\nMy card: {{perfil_url}}',
  };
  const [tpl] = await db
    .insert(emailTemplates)
    .values({ userId, name: 'Newsletter', ...template })
    .returning({ id: emailTemplates.id });
  return { profileId: profile!.id, templateId: tpl!.id };
}

/** Recipients of a campaign by state, read straight from the table. */
export async function recipientStates(db: Database, campaignId: string): Promise<Record<string, number>> {
  const result = await db.execute(
    sql`select state, count(*)::int as n from campaign_recipients where campaign_id = ${campaignId} group by state`,
  );
  return Object.fromEntries((result.rows as { state: string; n: number }[]).map((r) => [r.state, r.n]));
}

/** A draft campaign of the signed-in `token`'s owner to the consenting senders of `profileId`, made through the API; its id. */
export async function createDraftCampaign(
  app: FastifyInstance,
  token: string,
  draft: { name: string; templateId: string; profileId: string },
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: { name: draft.name, templateId: draft.templateId, audience: { profileIds: [draft.profileId] } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}
