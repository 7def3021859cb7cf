import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../src/db/schema/index.js';
import { multipart, png } from './helpers/files.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from './helpers/test-app.js';

let t: TestContext;
let dataDir: string;
let token: string;
let owner: Awaited<ReturnType<typeof insertUser>>;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enlaza-review4-'));
  t = await createTestApp({ DATA_DIR: dataDir, CLOUD_MAX_FILE_MB: '1', PUBLIC_URL: 'https://enlaza.example' });
  const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
  owner = await insertUser(t.db);
  await t.db.insert(subscriptions).values({ userId: owner.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  token = await login(t.app, owner);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('probe', () => {
  it('probes', async () => {
    const prof = await t.app.inject({ method: 'POST', url: '/api/profiles', headers: bearer(token), payload: { kind: 'card', card: { firstName: 'A', lastName: 'B' } } });
    const pid = prof.json().data.id;
    const out: Record<string, unknown> = {};
    const q = async (label: string, opts: Parameters<typeof t.app.inject>[0]) => {
      console.log("start", label);
      const r = await t.app.inject(opts as never);
      out[label] = `${r.statusCode} ${r.body.slice(0, 160)}`;
      console.log(label, out[label]);
    };
    for (const c of [['2024-02-30T00:00:00+00:00', '00000000-0000-0000-0000-000000000000'], ['0000-01-01T00:00:00+00:00', '00000000-0000-0000-0000-000000000000'], ['2024-01-01T00:00:00+99:00', '00000000-0000-0000-0000-000000000000'], ['2024-01-01T24:00:00+00:00', '00000000-0000-0000-0000-000000000000'], ['275760-01-01T00:00:00+00:00', 'x'], ['2024-01-01 00:00:00.1+00', 'ffffffff-ffff-ffff-ffff-ffffffffffff'], 'garbage', null, [1, 2]]) {
      await q(`cursor ${JSON.stringify(c)}`, { url: `/api/mailbox/${pid}/messages?before=${typeof c === 'string' ? c : cursor(c)}`, headers: bearer(token) });
    }
    await q('cursor raw %', { url: `/api/mailbox/${pid}/messages?before=%E0%A4%A`, headers: bearer(token) });
    await q('list limit huge', { url: `/api/mailbox/${pid}/messages?limit=1e400`, headers: bearer(token) });
    await q('files page huge', { url: `/api/files?page=99999999999999999999`, headers: bearer(token) });
    await q('files search nul', { url: `/api/files?search=%00`, headers: bearer(token) });
    await q('mailbox search nul', { url: `/api/mailbox/${pid}/messages?search=a%00b`, headers: bearer(token) });
    await q('non-uuid', { url: `/api/mailbox/messages/abc`, headers: bearer(token) });
    await q('files non-uuid', { url: `/api/files/abc`, headers: bearer(token) });
    await q('content non-uuid', { url: `/api/files/abc/content?exp=1&sig=x` });
    await q('content bad exp', { url: `/api/files/00000000-0000-4000-8000-000000000000/content?exp=-1&sig=x` });
    await q('content exp huge', { url: `/api/files/00000000-0000-4000-8000-000000000000/content?exp=1e400&sig=x` });
    await q('upload empty body', { method: 'POST', url: '/api/files', headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=abc' }, payload: '' });
    await q('upload no boundary', { method: 'POST', url: '/api/files', headers: { ...bearer(token), 'content-type': 'multipart/form-data' }, payload: '--abc--\r\n' });
    await q('upload only end', { method: 'POST', url: '/api/files', headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=abc' }, payload: '--abc--\r\n' });
    await q('upload truncated', { method: 'POST', url: '/api/files', headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=abc' }, payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxyz' });
    await q('upload field only', { method: 'POST', url: '/api/files', headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=abc' }, payload: '--abc\r\nContent-Disposition: form-data; name="x"\r\n\r\nxyz\r\n--abc--\r\n' });
    const many = Array.from({ length: 25 }, (_, i) => `--abc\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('') + '--abc--\r\n';
    await q('upload many fields', { method: 'POST', url: '/api/files', headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=abc' }, payload: many });
    const bigField = `--abc\r\nContent-Disposition: form-data; name="x"\r\n\r\n${'a'.repeat(5000)}\r\n--abc--\r\n`;
    await q('upload big field', { method: 'POST', url: '/api/files', headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=abc' }, payload: bigField });
    const eleven = multipart(Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, data: png(1, 1) })));
    await q('upload 11 files', { method: 'POST', url: '/api/files', headers: { ...bearer(token), ...eleven.headers }, payload: eleven.payload });
    const noName = `--abc\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: image/png\r\n\r\n`;
    await q('upload empty filename', { method: 'POST', url: '/api/files', headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=abc' }, payload: Buffer.concat([Buffer.from(noName), png(1, 1), Buffer.from('\r\n--abc--\r\n')]) });
    const crlfName = multipart([{ name: 'a";\tb\u202egnp.html', data: png(1, 1) }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/files', headers: { ...bearer(token), ...crlfName.headers }, payload: crlfName.payload });
    out['upload odd name'] = `${up.statusCode} ${up.body.slice(0, 300)}`;
    const file = up.json().data?.[0];
    if (file) {
      const ren = await t.app.inject({ method: 'PATCH', url: `/api/files/${file.id}`, headers: bearer(token), payload: { name: 'x\ud800y' } });
      out['rename surrogate'] = `${ren.statusCode} ${ren.body.slice(0, 200)}`;
      const c = await t.app.inject({ url: ren.json().data?.url ?? file.url });
      out['content after rename'] = `${c.statusCode} ${JSON.stringify(c.headers['content-disposition'])}`;
      await q('rename long', { method: 'PATCH', url: `/api/files/${file.id}`, headers: bearer(token), payload: { name: 'x'.repeat(5000) } });
      await q('rename crlf', { method: 'PATCH', url: `/api/files/${file.id}`, headers: bearer(token), payload: { name: 'a\r\nb' } });
      const sig = new URL(file.url, 'http://x').searchParams;
      await q('content exp altered', { url: `/api/files/${file.id}/content?exp=${Number(sig.get('exp')) + 1}&sig=${sig.get('sig')}` });
      await q('content uppercase id', { url: `/api/files/${file.id.toUpperCase()}/content?exp=${sig.get('exp')}&sig=${sig.get('sig')}` });
      await q('content exp as 0x', { url: `/api/files/${file.id}/content?exp=0x${Number(sig.get('exp')).toString(16)}&sig=${sig.get('sig')}` });
    }
    await q('bulk dup', { method: 'POST', url: `/api/mailbox/${pid}/messages/bulk`, headers: bearer(token), payload: { ids: ['00000000-0000-4000-8000-000000000000'], action: 'read' } });
    console.log(JSON.stringify(out, null, 1));
  }, 120_000);
});
