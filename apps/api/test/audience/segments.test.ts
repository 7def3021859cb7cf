import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactField, SegmentConditionInput, SegmentRuleInput } from '@enlaza/contracts';
import {
  campaignRecipients,
  campaigns,
  contactFieldValues,
  contactLists,
  contacts,
  emailTemplates,
  messages,
  plans,
  profiles,
  subscriptions,
  users,
} from '../../src/db/schema/index.js';
import { resolveAudience, suppress } from '../../src/modules/audience/index.js';
import { segmentSignals } from '../../src/modules/campaigns/index.js';
import { seedCampaignAudience } from '../helpers/campaigns.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { ADMIN, bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let mail: Mailbox;

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ ...mail.env, PUBLIC_URL: 'http://enlaza.test' });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

type Owner = { id: string; token: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function owner(): Promise<Owner> {
  const user = await insertUser(t.db, { name: 'Sara Segments', notificationEmails: [] });
  const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  return { id: user.id, token: await login(t.app, user) };
}
const call = (o: { token: string }, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(o.token), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
async function data<T>(o: { token: string }, method: Method, url: string, payload?: object): Promise<T> {
  const res = await call(o, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as T;
}
const field = (o: Owner, body: object) => data<ContactField>(o, 'POST', '/api/audience/fields', body);
const setValues = (o: Owner, email: string, values: Record<string, unknown>) =>
  call(o, 'PUT', '/api/audience/fields/values', { email, values });

/** A rule of one group: all of these conditions. */
const all = (...conditions: SegmentConditionInput[]): SegmentRuleInput => ({ match: 'all', groups: [{ match: 'all', conditions }] });
const count = async (o: Owner, rule: SegmentRuleInput) =>
  (await data<{ people: number }>(o, 'POST', '/api/audience/segments/count', { rule })).people;
/** Who a rule selects: saved as a segment, resolved as a campaign's audience would be now. */
async function members(o: Owner, rule: SegmentRuleInput): Promise<string[]> {
  const segment = await data<{ id: string }>(o, 'POST', '/api/audience/segments', { name: `S${Math.random()}`, rule });
  const selector = { profileIds: [], folderIds: [], labelIds: [], listIds: [], segmentIds: [segment.id] };
  const people = (await resolveAudience(t.db, o.id, selector, segmentSignals({ now: () => new Date() }))).map((m) => m.email);
  expect(await count(o, rule)).toBe(people.length);
  await data(o, 'DELETE', `/api/audience/segments/${segment.id}`);
  return people;
}

/**
 * An audience: Ana, Bea and Carla wrote through the card with consent, Dani through the tag; Eva
 * and Ana are in the list; Fede wrote without consent; Gus is suppressed. Fields: city (text), age
 * (number), since (date), plan (choice). Ana opened a campaign yesterday; Bea clicked one 40 days ago.
 */
async function audience() {
  const o = await owner();
  const [card, tag] = await t.db
    .insert(profiles)
    .values([
      { userId: o.id, kind: 'card', name: 'Card' },
      { userId: o.id, kind: 'tag', name: 'Tag' },
    ])
    .returning();
  const wrote = (p: { id: string }, email: string, createdAt: Date, consent = true) =>
    t.db.insert(messages).values({ profileId: p.id, userId: o.id, name: email.split('@')[0]!, email, body: 'hi', consent, createdAt });
  const day = 86_400_000;
  const now = Date.now();
  await wrote(card!, 'Ana@Example.com', new Date(now - 100 * day));
  await wrote(card!, 'bea@example.com', new Date(now - 10 * day));
  await wrote(card!, 'carla@example.com', new Date(now - 2 * day));
  await wrote(tag!, 'dani@example.com', new Date(now - 50 * day));
  await wrote(card!, 'fede@example.com', new Date(now), false);
  await wrote(card!, 'gus@example.com', new Date(now));
  await suppress(t.db, o.id, 'gus@example.com', 'unsubscribed');
  const [list] = await t.db.insert(contactLists).values({ userId: o.id, name: 'Fair' }).returning();
  await t.db.insert(contacts).values([
    { listId: list!.id, email: 'eva@example.com', name: 'Eva', createdAt: new Date(now - 400 * day) },
    { listId: list!.id, email: 'ana@example.com', name: 'Ana', createdAt: new Date(now - 400 * day) },
  ]);
  const city = await field(o, { name: 'City', type: 'text' });
  const age = await field(o, { name: 'Age', type: 'number' });
  const since = await field(o, { name: 'Customer since', type: 'date' });
  const plan = await field(o, { name: 'Plan', type: 'choice', choices: ['Basic', 'Gold'], onForm: true });
  const values: [string, Record<string, unknown>][] = [
    ['ana@example.com', { [city.id]: 'Madrid', [age.id]: 34, [since.id]: '2020-05-01', [plan.id]: 'gold' }],
    ['bea@example.com', { [city.id]: 'Sevilla', [age.id]: '27,5', [since.id]: '01/02/2025' }],
    ['carla@example.com', { [city.id]: 'madrid', [plan.id]: 'Basic' }],
    ['eva@example.com', { [age.id]: 61, [since.id]: new Date(now - 3 * day).toISOString().slice(0, 10) }],
  ];
  for (const [email, v] of values) expect((await setValues(o, email, v)).statusCode).toBe(200);
  const [sent] = await t.db
    .insert(campaigns)
    .values({
      userId: o.id,
      name: 'Spring',
      state: 'sent',
      audience: { profileIds: [], folderIds: [], labelIds: [], listIds: [], segmentIds: [] },
    })
    .returning();
  const [template] = await t.db
    .insert(emailTemplates)
    .values({ userId: o.id, name: 'T', subject: 'S', bodyHtml: '<p>x</p>', bodyText: 'x' })
    .returning();
  await t.db.insert(campaignRecipients).values([
    { campaignId: sent!.id, email: 'ana@example.com', state: 'sent', openedAt: new Date(now - day) },
    {
      campaignId: sent!.id,
      email: 'bea@example.com',
      state: 'sent',
      openedAt: new Date(now - 40 * day),
      clickedAt: new Date(now - 40 * day),
    },
    { campaignId: sent!.id, email: 'carla@example.com', state: 'sent' },
  ]);
  return { o, card: card!, tag: tag!, list: list!, city, age, since, plan, campaign: sent!, template: template! };
}

describe('contact fields', () => {
  it('adds typed fields, keeps names unique, requires choices, and stops at the limit', async () => {
    const o = await owner();
    const city = await field(o, { name: 'City', type: 'text' });
    expect(city).toMatchObject({ name: 'City', type: 'text', choices: [], onForm: false, filled: 0 });
    const dup = await call(o, 'POST', '/api/audience/fields', { name: 'city', type: 'number' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['You already have one with this name.']);
    const noChoices = await call(o, 'POST', '/api/audience/fields', { name: 'Plan', type: 'choice' });
    expect(noChoices.statusCode).toBe(422);
    expect(noChoices.json().errors.choices).toBeDefined();
    const renamed = await data<ContactField>(o, 'PATCH', `/api/audience/fields/${city.id}`, { name: 'Town', onForm: true });
    expect(renamed).toMatchObject({ name: 'Town', onForm: true, type: 'text' });
    for (let i = 1; i < 20; i += 1) await field(o, { name: `F${i}`, type: 'text' });
    const over = await call(o, 'POST', '/api/audience/fields', { name: 'One more', type: 'text' });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('audience.fields_limit');
    expect((await data<ContactField[]>(o, 'GET', '/api/audience/fields')).map((f) => f.name).slice(0, 2)).toEqual(['Town', 'F1']);
  });

  it('reads values in their type (decimal comma, Spanish dates, a choice in any case) and refuses what does not fit, writing nothing', async () => {
    const { o, city, age, since, plan } = await audience();
    expect(await data(o, 'GET', '/api/audience/fields/values?email=BEA@example.com')).toEqual({
      email: 'bea@example.com',
      values: { [city.id]: 'Sevilla', [age.id]: 27.5, [since.id]: '2025-02-01' },
    });
    expect((await data<{ values: object }>(o, 'GET', '/api/audience/fields/values?email=ana@example.com')).values).toMatchObject({
      [plan.id]: 'Gold',
    });
    for (const [id, bad] of [
      [age.id, 'many'],
      [since.id, '2026-02-30'],
      [since.id, 'tomorrow'],
      [plan.id, 'Platinum'],
      [city.id, 12],
    ] as const) {
      const res = await setValues(o, 'bea@example.com', { [city.id]: 'Cádiz', [id]: bad });
      expect(res.statusCode, `${String(bad)}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([`values.${id}`]);
    }
    expect(
      (await data<{ values: Record<string, unknown> }>(o, 'GET', '/api/audience/fields/values?email=bea@example.com')).values[city.id],
    ).toBe('Sevilla');
    // Null clears; the fields not named keep theirs.
    await setValues(o, 'bea@example.com', { [age.id]: null });
    expect((await data<{ values: object }>(o, 'GET', '/api/audience/fields/values?email=bea@example.com')).values).toEqual({
      [city.id]: 'Sevilla',
      [since.id]: '2025-02-01',
    });
    // Someone I do not know (no consenting message, in no list of mine) is not found.
    expect((await setValues(o, 'stranger@example.com', { [city.id]: 'Madrid' })).statusCode).toBe(404);
    expect((await setValues(o, 'fede@example.com', { [city.id]: 'Madrid' })).statusCode).toBe(404);
    expect((await data<ContactField[]>(o, 'GET', '/api/audience/fields')).find((f) => f.id === city.id)?.filled).toBe(3);
  });

  it('fills fields from an import’s columns, reporting the cells that do not fit and keeping their contacts', async () => {
    const o = await owner();
    const city = await field(o, { name: 'City', type: 'text' });
    const age = await field(o, { name: 'Age', type: 'number' });
    const csv = 'email,name,city,age\nuno@example.com,Uno,Madrid,40\ndos@example.com,Dos,,old\ntres@example.com,Tres,Bilbao,\n';
    const res = await call(o, 'POST', '/api/audience/lists/import', {
      csv,
      name: 'With fields',
      hasHeader: true,
      emailColumn: 0,
      nameColumn: 1,
      fieldColumns: [
        { column: 2, fieldId: city.id },
        { column: 3, fieldId: age.id },
      ],
      consent: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ imported: 3, invalidRows: 0, errors: [{ line: 3, code: 'invalid_field', value: 'Age: old' }] });
    expect(await count(o, all({ kind: 'field', fieldId: city.id, op: 'not_empty' }))).toBe(2);
    expect(await count(o, all({ kind: 'field', fieldId: age.id, op: 'gt', value: 39 }))).toBe(1);
    const column = await call(o, 'POST', '/api/audience/lists/import', {
      csv,
      name: 'Out of range',
      hasHeader: true,
      emailColumn: 0,
      nameColumn: null,
      fieldColumns: [{ column: 9, fieldId: city.id }],
      consent: true,
    });
    expect(column.statusCode).toBe(422);
    expect(Object.keys(column.json().errors)).toEqual(['fieldColumns.0.column']);
  });
});

describe('segments', () => {
  it('selects by every field operator, by type, from the whole audience and never a suppressed or non-consenting address', async () => {
    const { o, city, age, since, plan } = await audience();
    const f = (fieldId: string, op: string, value: unknown = null) =>
      members(o, all({ kind: 'field', fieldId, op, value } as SegmentConditionInput));
    expect(await f(city.id, 'is', 'MADRID')).toEqual(['ana@example.com', 'carla@example.com']);
    expect(await f(city.id, 'is_not', 'Madrid')).toEqual(['bea@example.com', 'dani@example.com', 'eva@example.com']);
    expect(await f(city.id, 'contains', 'vil')).toEqual(['bea@example.com']);
    expect(await f(city.id, 'not_contains', 'a')).toEqual(['dani@example.com', 'eva@example.com']);
    expect(await f(city.id, 'empty')).toEqual(['dani@example.com', 'eva@example.com']);
    expect(await f(city.id, 'not_empty')).toEqual(['ana@example.com', 'bea@example.com', 'carla@example.com']);
    expect(await f(age.id, 'is', 34)).toEqual(['ana@example.com']);
    expect(await f(age.id, 'is', '27,5')).toEqual(['bea@example.com']);
    expect(await f(age.id, 'gt', 30)).toEqual(['ana@example.com', 'eva@example.com']);
    expect(await f(age.id, 'lt', 30)).toEqual(['bea@example.com']);
    expect(await f(since.id, 'before', '2021-01-01')).toEqual(['ana@example.com']);
    expect(await f(since.id, 'after', '2021-01-01')).toEqual(['bea@example.com', 'eva@example.com']);
    expect(await f(since.id, 'is', '2025-02-01')).toEqual(['bea@example.com']);
    expect(await f(since.id, 'within_days', 7)).toEqual(['eva@example.com']);
    expect(await f(plan.id, 'is', 'gold')).toEqual(['ana@example.com']);
    expect(await f(plan.id, 'is_not', 'Gold')).toEqual(['bea@example.com', 'carla@example.com', 'dani@example.com', 'eva@example.com']);
  });

  it('selects by engagement, list, card or tag and consent date, and joins groups with AND and OR', async () => {
    const { o, card, tag, list, city, age, campaign } = await audience();
    const e = (c: object) => members(o, all({ kind: 'engagement', ...c } as SegmentConditionInput));
    expect(await e({ event: 'opened' })).toEqual(['ana@example.com', 'bea@example.com']);
    expect(await e({ event: 'opened', days: 30 })).toEqual(['ana@example.com']);
    expect(await e({ event: 'clicked', negate: true })).toEqual([
      'ana@example.com',
      'carla@example.com',
      'dani@example.com',
      'eva@example.com',
    ]);
    expect(await e({ event: 'opened', emailId: campaign.id, negate: true, days: 30 })).toEqual([
      'bea@example.com',
      'carla@example.com',
      'dani@example.com',
      'eva@example.com',
    ]);
    expect(await members(o, all({ kind: 'list', listId: list.id }))).toEqual(['ana@example.com', 'eva@example.com']);
    expect(await members(o, all({ kind: 'list', listId: list.id, negate: true }))).toEqual([
      'bea@example.com',
      'carla@example.com',
      'dani@example.com',
    ]);
    expect(await members(o, all({ kind: 'profile', profileId: tag.id }))).toEqual(['dani@example.com']);
    expect(await members(o, all({ kind: 'profile', profileId: card.id, negate: true }))).toEqual(['dani@example.com', 'eva@example.com']);
    expect(await members(o, all({ kind: 'consent', op: 'within_days', value: 30 }))).toEqual(['bea@example.com', 'carla@example.com']);
    // The newest consent counts: Ana's message (100 days ago) and Eva's import (400) are before; Dani's message (50) is not.
    const sixtyDaysAgo = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    expect(await members(o, all({ kind: 'consent', op: 'before', value: sixtyDaysAgo }))).toEqual(['ana@example.com', 'eva@example.com']);
    expect(await members(o, all({ kind: 'consent', op: 'after', value: sixtyDaysAgo }))).toEqual([
      'bea@example.com',
      'carla@example.com',
      'dani@example.com',
    ]);
    // (Madrid AND age > 30) OR (in the list AND not opened): Ana by the first, Eva by the second.
    const rule: SegmentRuleInput = {
      match: 'any',
      groups: [
        {
          match: 'all',
          conditions: [
            { kind: 'field', fieldId: city.id, op: 'is', value: 'Madrid' },
            { kind: 'field', fieldId: age.id, op: 'gt', value: 30 },
          ],
        },
        {
          match: 'all',
          conditions: [
            { kind: 'list', listId: list.id },
            { kind: 'engagement', event: 'opened', negate: true },
          ],
        },
      ],
    };
    expect(await members(o, rule)).toEqual(['ana@example.com', 'eva@example.com']);
    expect(await members(o, { ...rule, match: 'all' })).toEqual([]);
    expect(await members(o, { match: 'all', groups: [{ match: 'any', conditions: rule.groups[0]!.conditions }] })).toEqual([
      'ana@example.com',
      'carla@example.com',
      'eva@example.com',
    ]);
  });

  it('leaves out the suppressed a segment names, whether list contacts, senders or outside the audience', async () => {
    const { o, city, list } = await audience();
    // Fede wrote without consent (not in the audience) and kept a value from before; then Ana (in the
    // list and a sender), Eva (only in the list) and Carla (only a sender) are suppressed.
    await t.db.insert(contactFieldValues).values({ fieldId: city.id, email: 'fede@example.com', textValue: 'Madrid' });
    await suppress(t.db, o.id, 'fede@example.com', 'unsubscribed');
    const madrid = all({ kind: 'field', fieldId: city.id, op: 'is', value: 'Madrid' });
    expect(await members(o, madrid)).toEqual(['ana@example.com', 'carla@example.com']);
    for (const email of ['ana@example.com', 'eva@example.com']) await suppress(t.db, o.id, email, 'bounced');
    expect(await members(o, madrid)).toEqual(['carla@example.com']);
    expect(await members(o, all({ kind: 'list', listId: list.id }))).toEqual([]);
    await suppress(t.db, o.id, 'carla@example.com', 'complained');
    expect(await members(o, madrid)).toEqual([]);
    expect(await members(o, all({ kind: 'field', fieldId: city.id, op: 'not_empty' }))).toEqual(['bea@example.com']);
  });

  it('refuses an operator or value that does not fit its field, naming the condition', async () => {
    const { o, city, age, since, plan, list } = await audience();
    const cases: [SegmentConditionInput, 'op' | 'value'][] = [
      [{ kind: 'field', fieldId: city.id, op: 'gt', value: 3 }, 'op'],
      [{ kind: 'field', fieldId: age.id, op: 'contains', value: '3' }, 'op'],
      [{ kind: 'field', fieldId: age.id, op: 'gt', value: 'three' }, 'value'],
      [{ kind: 'field', fieldId: since.id, op: 'after', value: '2026-13-01' }, 'value'],
      [{ kind: 'field', fieldId: since.id, op: 'within_days', value: 0 }, 'value'],
      [{ kind: 'field', fieldId: plan.id, op: 'is', value: 'Silver' }, 'value'],
      [{ kind: 'field', fieldId: city.id, op: 'is' }, 'value'],
      [{ kind: 'consent', op: 'within_days', value: '2026-01-01' }, 'value'],
    ];
    for (const [condition, key] of cases) {
      const res = await call(o, 'POST', '/api/audience/segments/count', {
        rule: { match: 'all', groups: [{ match: 'all', conditions: [{ kind: 'list', listId: list.id }, condition] }] },
      });
      expect(res.statusCode, JSON.stringify(condition)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([`rule.groups.0.conditions.1.${key}`]);
    }
  });

  it('answers 404 for another owner’s field, segment, list, card or email on every route, even inside a body, and 403 to an admin', async () => {
    const mine = await audience();
    const theirs = await audience();
    const o = mine.o;
    const rule = (c: SegmentConditionInput) => all(c);
    const foreignRules = [
      rule({ kind: 'field', fieldId: theirs.city.id, op: 'not_empty' }),
      rule({ kind: 'list', listId: theirs.list.id }),
      rule({ kind: 'profile', profileId: theirs.card.id }),
      rule({ kind: 'engagement', event: 'opened', emailId: theirs.campaign.id }),
    ];
    const segment = await data<{ id: string }>(theirs.o, 'POST', '/api/audience/segments', {
      name: 'Theirs',
      rule: rule({ kind: 'list', listId: theirs.list.id }),
    });
    const draft = await data<{ id: string }>(o, 'POST', '/api/campaigns', {
      name: 'Mine',
      templateId: mine.template.id,
      audience: { listIds: [mine.list.id] },
    });
    const mySegment = await data<{ id: string }>(o, 'POST', '/api/audience/segments', {
      name: 'Mine',
      rule: rule({ kind: 'list', listId: mine.list.id }),
    });
    const attempts: [Method, string, object?][] = [
      ['PATCH', `/api/audience/fields/${theirs.city.id}`, { name: 'X' }],
      ['DELETE', `/api/audience/fields/${theirs.city.id}`],
      ['PUT', '/api/audience/fields/values', { email: 'ana@example.com', values: { [theirs.city.id]: 'X' } }],
      ['GET', `/api/audience/segments/${segment.id}`],
      ['GET', `/api/audience/segments/${segment.id}/count`],
      ['PATCH', `/api/audience/segments/${segment.id}`, { name: 'X' }],
      ['DELETE', `/api/audience/segments/${segment.id}`],
      ['POST', '/api/audience/count', { segmentIds: [segment.id] }],
      ['POST', '/api/campaigns', { name: 'X', templateId: mine.template.id, audience: { segmentIds: [segment.id] } }],
      ['PUT', `/api/campaigns/${draft.id}`, { name: 'X', templateId: mine.template.id, audience: { segmentIds: [segment.id] } }],
      ['POST', '/api/campaigns/audience-count', { segmentIds: [segment.id] }],
      ...foreignRules.flatMap((r): [Method, string, object][] => [
        ['POST', '/api/audience/segments/count', { rule: r }],
        ['POST', '/api/audience/segments', { name: 'X', rule: r }],
        ['PATCH', `/api/audience/segments/${mySegment.id}`, { rule: r }],
      ]),
      [
        'POST',
        '/api/audience/lists/import',
        {
          csv: 'a@example.com',
          name: 'X',
          hasHeader: false,
          emailColumn: 0,
          nameColumn: null,
          fieldColumns: [{ column: 0, fieldId: theirs.city.id }],
          consent: true,
        },
      ],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(o, method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(404);
      expect(res.json().code).toBe('record.not_found');
    }
    // Into an existing list too.
    const intoList = await call(o, 'POST', '/api/audience/lists/import', {
      csv: 'b@example.com',
      listId: mine.list.id,
      hasHeader: false,
      emailColumn: 0,
      nameColumn: null,
      fieldColumns: [{ column: 0, fieldId: theirs.city.id }],
      consent: true,
    });
    expect(intoList.statusCode).toBe(404);
    // Nothing of mine or theirs changed.
    expect((await data<{ audience: { segmentIds: string[] } }>(o, 'GET', `/api/campaigns/${draft.id}`)).audience.segmentIds).toEqual([]);
    expect((await data<{ name: string }>(theirs.o, 'GET', `/api/audience/segments/${segment.id}`)).name).toBe('Theirs');
    expect((await data<ContactField[]>(theirs.o, 'GET', '/api/audience/fields')).map((f) => f.name)).toContain('City');
    const admin = { token: await login(t.app, ADMIN) };
    for (const [method, url] of [
      ['GET', '/api/audience/fields'],
      ['GET', '/api/audience/segments'],
      ['POST', '/api/audience/segments/count'],
    ] as const)
      expect((await call(admin, method, url, method === 'POST' ? { rule: foreignRules[0] } : undefined)).statusCode).toBe(403);
  });

  it('keeps a field a segment uses, and a segment an automation step sends to', async () => {
    const { o, city, template } = await audience();
    const segment = await data<{ id: string }>(o, 'POST', '/api/audience/segments', {
      name: 'Madrid',
      rule: all({ kind: 'field', fieldId: city.id, op: 'is', value: 'Madrid' }),
    });
    const inUse = await call(o, 'DELETE', `/api/audience/fields/${city.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'audience.field_in_use', message: expect.stringContaining('Madrid') });
    const automation = await data<{ id: string }>(o, 'POST', '/api/automations', {
      name: 'A',
      trigger: { kind: 'consented', profileId: null },
    });
    await data(o, 'POST', `/api/automations/${automation.id}/steps`, { templateId: template.id, delayMinutes: 0, segmentId: segment.id });
    const held = await call(o, 'DELETE', `/api/audience/segments/${segment.id}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().code).toBe('audience.segment_in_use');
    await data(o, 'DELETE', `/api/automations/${automation.id}`);
    await data(o, 'DELETE', `/api/audience/segments/${segment.id}`);
    await data(o, 'DELETE', `/api/audience/fields/${city.id}`);
  });

  it('sends a campaign to a segment as it is when the campaign starts', async () => {
    const o = await owner();
    const { profileId, templateId } = await seedCampaignAudience(t.db, o.id, 6, { prefix: 'seg', domain: 'segment.example' });
    const city = await field(o, { name: 'City', type: 'text' });
    for (const i of [1, 2, 3]) await setValues(o, `seg${i}@segment.example`, { [city.id]: 'Madrid' });
    const segment = await data<{ id: string }>(o, 'POST', '/api/audience/segments', {
      name: 'Madrid',
      rule: all({ kind: 'field', fieldId: city.id, op: 'is', value: 'Madrid' }, { kind: 'profile', profileId }),
    });
    const campaign = await data<{ id: string }>(o, 'POST', '/api/campaigns', {
      name: 'Madrid news',
      templateId,
      audience: { segmentIds: [segment.id] },
    });
    expect((await data<{ recipients: number }>(o, 'POST', '/api/audience/count', { segmentIds: [segment.id] })).recipients).toBe(3);
    // Changed after the campaign was saved: the start evaluates the rule again.
    await setValues(o, 'seg4@segment.example', { [city.id]: 'Madrid' });
    await setValues(o, 'seg1@segment.example', { [city.id]: 'Toledo' });
    expect((await call(o, 'POST', `/api/campaigns/${campaign.id}/start`, {})).statusCode).toBe(200);
    await waitFor(async () => {
      const c = await data<{ state: string }>(o, 'GET', `/api/campaigns/${campaign.id}`);
      return c.state === 'sent' ? c : undefined;
    }, 'the segment campaign to be sent');
    const to = (
      await t.db.select({ email: campaignRecipients.email }).from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaign.id))
    )
      .map((r) => r.email)
      .sort();
    expect(to).toEqual(['seg2@segment.example', 'seg3@segment.example', 'seg4@segment.example']);
    expect((await mail.next('seg4@segment.example')).subject).toMatch(/News for/);
  });
});

describe('contact fields on the contact form', () => {
  it('asks the fields shown on the form and keeps the answers with the consent only; an answer that does not fit stores nothing', async () => {
    const o = await owner();
    const [user] = await t.db.select().from(users).where(eq(users.id, o.id));
    const card = await data<{ id: string }>(o, 'POST', '/api/profiles', { kind: 'card', card: { firstName: 'Sara', lastName: 'Card' } });
    const city = await field(o, { name: 'City', type: 'text', onForm: true });
    const plan = await field(o, { name: 'Plan', type: 'choice', choices: ['Basic', 'Gold'], onForm: true });
    const hidden = await field(o, { name: 'Score', type: 'number' });
    const page = await t.app.inject({ url: `/link/${user!.alias}/${card.id}`, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`data-custom-field="${city.id}"`);
    expect(page.body).toContain(`<option>Gold</option>`);
    expect(page.body).not.toContain(hidden.id);
    let visitor = 0;
    const write = (email: string, consent: boolean, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/link/${user!.alias}/${card.id}/messages`,
        payload: { name: 'Vera', email, message: 'Hello', consent, fields },
        headers: { 'accept-language': 'en' },
        remoteAddress: `10.9.0.${++visitor}`,
      });
    expect((await write('yes@visitor.example', true, { [city.id]: 'Toledo', [plan.id]: 'gold' })).statusCode).toBe(201);
    expect((await write('no@visitor.example', false, { [city.id]: 'Toledo' })).statusCode).toBe(201);
    const refused = await write('bad@visitor.example', true, { [plan.id]: 'Platinum', [hidden.id]: '3' });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual([`fields.${hidden.id}`, `fields.${plan.id}`].sort());
    const stored = await t.db.select({ email: messages.email }).from(messages).where(eq(messages.userId, o.id));
    expect(stored.map((m) => m.email).sort()).toEqual(['no@visitor.example', 'yes@visitor.example']);
    expect((await data<{ values: object }>(o, 'GET', '/api/audience/fields/values?email=yes@visitor.example')).values).toEqual({
      [city.id]: 'Toledo',
      [plan.id]: 'Gold',
    });
    expect((await data<{ values: object }>(o, 'GET', '/api/audience/fields/values?email=no@visitor.example')).values).toEqual({});
    // Hidden from the form: the page drops it at once (the owner's own change).
    await data(o, 'PATCH', `/api/audience/fields/${city.id}`, { onForm: false });
    const after = await t.app.inject({ url: `/link/${user!.alias}/${card.id}`, headers: { 'accept-language': 'en' } });
    expect(after.body).not.toContain(`data-custom-field="${city.id}"`);
  });
});
