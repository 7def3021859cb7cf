import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { profiles, storedFiles } from '../../src/db/schema/index.js';
import { jpegHeader, multipart, pdfWithScript, png } from '../helpers/files.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enlaza-serving-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => vi.useRealTimers());

async function user() {
  const row = await insertUser(t.db);
  return { user: row, token: await login(t.app, row) };
}
type File = { id: string; name: string; url: string };
async function upload(token: string, name: string, data: Buffer): Promise<File> {
  const body = multipart([{ name, data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data[0];
}
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
const rename = async (token: string, id: string, name: string) => {
  const res = await send('PATCH', `/api/files/${id}`, token, { name });
  expect(res.statusCode).toBe(200);
  return res.json().data.name as string;
};

describe('the bytes of a user file never run as the site', () => {
  it('serves a PDF (even one with a script) as a sandboxed attachment, never inline', async () => {
    const { token } = await user();
    const file = await upload(token, 'brochure.pdf', pdfWithScript());
    for (const url of [file.url, `${file.url}&download=1`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="brochure\.pdf"/);
      const csp = String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim());
      expect(csp).toContain('sandbox');
      expect(csp).toContain("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('shows a plain image inline, still sandboxed, and as an attachment on download', async () => {
    const { token } = await user();
    const file = await upload(token, 'dot.png', png(2, 2));
    const shown = await t.app.inject({ url: file.url });
    expect(shown.headers['content-disposition']).toMatch(/^inline; /);
    expect(String(shown.headers['content-security-policy'])).toMatch(/(^|; )sandbox(;|$)/);
    expect(String(shown.headers['content-security-policy'])).toContain("default-src 'none'");
    expect((await t.app.inject({ url: `${file.url}&download=1` })).headers['content-disposition']).toMatch(/^attachment; /);
  });
});

describe('a file name follows the type of its bytes', () => {
  it('replaces or appends the extension on upload', async () => {
    const { token } = await user();
    // Three different PDFs: the cloud keeps one copy (and one name) of identical bytes.
    const pdf = (n: number) => Buffer.concat([pdfWithScript(), Buffer.from(`\n% copy ${n}\n`)]);
    expect((await upload(token, 'page.html', pdf(1))).name).toBe('page.pdf');
    expect((await upload(token, 'notes', pdf(2))).name).toBe('notes.pdf');
    expect((await upload(token, 'Acta 12.05.2024', pdf(3))).name).toBe('Acta 12.05.2024.pdf');
    expect((await upload(token, 'Holiday.JPEG', jpegHeader(4, 3))).name).toBe('Holiday.JPEG');
    expect((await upload(token, 'picture.svg', png(1, 1))).name).toBe('picture.png');
  });

  it('keeps the right extension on rename, and downloads under it', async () => {
    const { token } = await user();
    const file = await upload(token, 'contract.pdf', pdfWithScript());
    expect(await rename(token, file.id, 'a.html')).toBe('a.pdf');
    expect(await rename(token, file.id, 'Signed contract')).toBe('Signed contract.pdf');
    expect(await rename(token, file.id, 'final.PDF')).toBe('final.PDF');
    expect(await rename(token, file.id, `${'x'.repeat(197)}.js`)).toMatch(/^x{196}\.pdf$/);

    // A name stored before the rule (or by hand) is still downloaded with the type's extension.
    await t.db.update(storedFiles).set({ name: 'old page.html' }).where(eq(storedFiles.id, file.id));
    const res = await t.app.inject({ url: `${file.url}&download=1` });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="old page.pdf"; filename*=UTF-8''old%20page.pdf`);
  });
});

describe('signed file addresses', () => {
  it('stop working once the file is trashed; the trash gets addresses of its own', async () => {
    const { token } = await user();
    const file = await upload(token, 'photo.png', png(3, 3));
    expect((await t.app.inject({ url: file.url })).statusCode).toBe(200);
    const trashed = (await send('DELETE', `/api/files/${file.id}`, token)).json().data as File;

    const gone = await t.app.inject({ url: file.url, headers: { 'accept-language': 'es' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ ok: 0, code: 'record.not_found' });
    expect(gone.json().message).toMatch(/\S/);
    expect((await t.app.inject({ url: `${file.url}&download=1` })).statusCode).toBe(404);

    // The trash list shows a thumbnail through its own address, which dies with the restore.
    expect(trashed.url).not.toBe(file.url);
    expect((await t.app.inject({ url: trashed.url })).statusCode).toBe(200);
    await send('POST', `/api/files/${file.id}/restore`, token);
    expect((await t.app.inject({ url: trashed.url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: file.url })).statusCode).toBe(200);
  });

  it('expire: an address used after its time answers 403 file.link_expired', async () => {
    const { token } = await user();
    const file = await upload(token, 'photo.png', png(3, 3));
    expect((await t.app.inject({ url: file.url })).statusCode).toBe(200);
    const exp = Number(new URL(file.url, 'http://x').searchParams.get('exp'));
    vi.useFakeTimers({ toFake: ['Date'], now: (exp + 1) * 1000 });
    const res = await t.app.inject({ url: file.url, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ ok: 0, code: 'file.link_expired' });
    vi.useRealTimers();
    expect((await t.app.inject({ url: file.url })).statusCode).toBe(200);
  });
});

describe('the public photo of a profile', () => {
  it('is served only when the file is an image', async () => {
    const { user: owner, token } = await user();
    const photo = await upload(token, 'me.png', png(4, 4));
    const profile = (await send('POST', '/api/profiles', token, { kind: 'card', photoFileId: photo.id, card: { firstName: 'Ana' } })).json()
      .data;
    const url = `/api/public/link/${owner.alias}/${profile.id}/photo`;
    const shown = await t.app.inject({ url });
    expect(shown.statusCode).toBe(200);
    expect(String(shown.headers['content-security-policy'])).toMatch(/(^|; )sandbox(;|$)/);

    const pdf = await upload(token, 'page.pdf', pdfWithScript());
    await t.db.update(profiles).set({ photoFileId: pdf.id }).where(eq(profiles.id, profile.id));
    const refused = await t.app.inject({ url });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ ok: 0, code: 'record.not_found' });
  });
});

describe('an image put in an email template', () => {
  it('has a public address that never expires, shows only that image, and stops with the trash', async () => {
    const { token } = await user();
    const other = await user();
    const image = await upload(token, 'banner.png', png(1200, 600));
    const pdf = await upload(token, 'brochure.pdf', pdfWithScript());
    const address = await send('POST', `/api/files/${image.id}/email-address`, token);
    expect(address.statusCode).toBe(200);
    const url: string = address.json().data.url;
    expect(url).toMatch(new RegExp(`^http://localhost:\\d+/api/public/images/${image.id}\\.[A-Za-z0-9_-]+$`));
    const path = new URL(url).pathname;

    // Anonymous, a month later: still there, as the image it is, sandboxed.
    vi.useFakeTimers({ now: Date.now() + 31 * 86_400_000, toFake: ['Date'] });
    const served = await t.app.inject({ url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // Loadable from a mail client's or another site's page.
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.rawPayload.equals(png(1200, 600))).toBe(true);
    vi.useRealTimers();

    // Another file's id with this signature, a PDF, another user's image: nothing.
    expect((await t.app.inject({ url: path.replace(image.id, pdf.id) })).statusCode).toBe(404);
    expect((await send('POST', `/api/files/${pdf.id}/email-address`, token)).json().code).toBe('file.not_an_image');
    expect((await send('POST', `/api/files/${image.id}/email-address`, other.token)).statusCode).toBe(404);
    // In the trash: gone from every email that shows it.
    expect((await send('DELETE', `/api/files/${image.id}`, token)).statusCode).toBe(200);
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
  });
});
