import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, storedFiles } from '../../src/db/schema/index.js';
import { createS3Storage, StorageNotFoundError } from '../../src/lib/storage.js';
import { compoundFile, docx, jpegHeader, multipart, png, zip } from '../helpers/files.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

const MB = 1024 * 1024;
let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enlaza-cloud-'));
  t = await createTestApp({ DATA_DIR: dataDir, CLOUD_MAX_FILE_MB: '1', PUBLIC_URL: 'https://enlaza.example' });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function user() {
  const row = await insertUser(t.db);
  return { user: row, token: await login(t.app, row) };
}

const upload = (token: string, files: { name: string; data: Buffer; type?: string }[], language = 'en') => {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...bearer(token), ...body.headers, 'accept-language': language },
    payload: body.payload,
  });
};
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

/** Every file kept on disk (temporary files included). */
async function storedOnDisk(): Promise<string[]> {
  const root = join(dataDir, 'files');
  const dirs = await readdir(root).catch(() => [] as string[]);
  return (await Promise.all(dirs.map(async (d) => (await readdir(join(root, d))).map((f) => `${d}/${f}`)))).flat();
}

describe('uploads', () => {
  it('stores an image, detects its type and size from the bytes, and serves it at its signed address', async () => {
    const { token } = await user();
    const image = png(3, 2);
    const res = await upload(token, [{ name: 'Foto año.png', data: image, type: 'image/png' }]);
    expect(res.statusCode).toBe(201);
    const [file] = res.json().data;
    expect(file).toMatchObject({
      name: 'Foto año.png',
      mimeType: 'image/png',
      kind: 'image',
      sizeBytes: image.length,
      width: 3,
      height: 2,
      deletedAt: null,
    });

    const content = await t.app.inject({ url: file.url });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(image)).toBe(true);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(content.headers['content-disposition']).toBe(`inline; filename="Foto a_o.png"; filename*=UTF-8''Foto%20a%C3%B1o.png`);

    const download = await t.app.inject({ url: `${file.url}&download=1` });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('detects PDF, OOXML, legacy Office and JPEG, whatever name and type the client gives', async () => {
    const { token } = await user();
    const cases = [
      { data: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n%%EOF\n'), mimeType: 'application/pdf', kind: 'pdf' },
      { data: docx(), mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'document' },
      {
        data: zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }),
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        kind: 'document',
      },
      {
        data: zip({ mimetype: 'application/vnd.oasis.opendocument.text', 'content.xml': '<x/>' }),
        mimeType: 'application/vnd.oasis.opendocument.text',
        kind: 'document',
      },
      { data: compoundFile('WordDocument'), mimeType: 'application/msword', kind: 'document' },
      { data: jpegHeader(640, 480), mimeType: 'image/jpeg', kind: 'image', width: 640, height: 480 },
    ];
    for (const c of cases) {
      const res = await upload(token, [{ name: 'whatever.bin', data: c.data, type: 'text/plain' }]);
      expect(res.statusCode, c.mimeType).toBe(201);
      expect(res.json().data[0]).toMatchObject({
        mimeType: c.mimeType,
        kind: c.kind,
        ...(c.width && { width: c.width, height: c.height }),
      });
    }
  });

  it('refuses bytes of another type even with an image extension and type, and keeps nothing', async () => {
    const { token } = await user();
    const before = await storedOnDisk();
    const fakes = [
      Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), // a Windows executable
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      zip({ 'evil.js': 'alert(1)' }), // a ZIP that is no office document
      compoundFile('SummaryInformation'), // a compound file that is no Office document (e.g. an installer)
    ];
    for (const data of fakes) {
      const res = await upload(token, [{ name: 'photo.png', data, type: 'image/png' }], 'es');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ ok: 0, code: 'file.type_not_allowed' });
      expect(res.json().message).toContain('no se admite');
    }
    expect((await send('GET', '/api/files', token)).json().meta.total).toBe(0);
    expect(await storedOnDisk()).toEqual(before);
  });

  it('refuses a file past the size limit (CLOUD_MAX_FILE_MB) with a clear message and deletes what was written', async () => {
    const { token } = await user();
    const before = await storedOnDisk();
    const res = await upload(token, [{ name: 'big.png', data: png(2, 2, [0, 0, 0], MB) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'file.too_large', message: 'This file is too large. The limit is 1 MB per file.' });
    expect(await storedOnDisk()).toEqual(before);
    expect((await upload(token, [{ name: 'just.png', data: png(2, 2, [0, 0, 0], MB - 200) }])).statusCode).toBe(201);
  });

  it('refuses an upload past the storage quota of the plan, counting files in the trash', async () => {
    const { user: owner, token } = await user();
    const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
    const limit = free!.storageBytes;
    const first = (await upload(token, [{ name: 'a.png', data: png(4, 4) }])).json().data[0];
    expect((await send('DELETE', `/api/files/${first.id}`, token)).statusCode).toBe(200);
    // Fill the rest of the quota but 1,000 bytes (the trashed file still counts).
    await t.db.insert(storedFiles).values({
      userId: owner.id,
      name: 'filler.pdf',
      mimeType: 'application/pdf',
      sizeBytes: limit - first.sizeBytes - 1000,
      storageKey: 'filler-key-000000000',
    });

    const usage = (await send('GET', '/api/files/usage', token)).json().data;
    expect(usage).toEqual({ usedBytes: limit - 1000, limitBytes: limit, maxFileBytes: MB });
    expect((await send('GET', '/api/datasuscription', token)).json().usage.storageBytes).toBe(limit - 1000);

    const before = await storedOnDisk();
    const res = await upload(token, [{ name: 'b.png', data: png(2, 2, [1, 2, 3], 1000) }]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'quota.storage' });
    expect(res.json().message).toContain('50 MB');
    expect(await storedOnDisk()).toEqual(before);
    expect((await upload(token, [{ name: 'small.png', data: png(1, 1) }])).statusCode).toBe(201);
  });

  it('takes several files in one request, all or nothing', async () => {
    const { token } = await user();
    const two = await upload(token, [
      { name: 'one.png', data: png(1, 1) },
      { name: 'two.pdf', data: Buffer.from('%PDF-1.4\n%%EOF') },
    ]);
    expect(two.statusCode).toBe(201);
    expect(two.json().data.map((f: { name: string }) => f.name)).toEqual(['one.png', 'two.pdf']);
    const before = await storedOnDisk();
    const mixed = await upload(token, [
      { name: 'three.png', data: png(1, 1) },
      { name: 'four.png', data: Buffer.from('<html></html>') },
    ]);
    expect(mixed.statusCode).toBe(415);
    expect((await send('GET', '/api/files', token)).json().meta.total).toBe(2);
    expect(await storedOnDisk()).toEqual(before);
  });

  it('keeps one copy of identical bytes per owner: the same upload again answers the file already kept', async () => {
    const alice = await user();
    const bob = await user();
    const cover = png(5, 5, [200, 10, 10]);
    const first = (await upload(alice.token, [{ name: 'cover.png', data: cover }])).json().data[0];
    expect(first.alreadyKept).toBe(false);
    const before = await storedOnDisk();
    for (const name of ['cover (1).png', 'cover-again.png']) {
      const again = await upload(alice.token, [{ name, data: cover }]);
      expect(again.statusCode).toBe(201);
      // The answer says so: "Already in your cloud as cover.png".
      expect(again.json().data[0]).toMatchObject({ id: first.id, name: 'cover.png', alreadyKept: true });
    }
    expect(await storedOnDisk()).toEqual(before);
    expect((await send('GET', '/api/files', alice.token)).json().meta.total).toBe(1);
    expect((await send('GET', '/api/files/usage', alice.token)).json().data.usedBytes).toBe(cover.length);
    // Different bytes are a new file; another owner's identical bytes are their own file.
    expect((await upload(alice.token, [{ name: 'other.png', data: png(5, 5, [10, 200, 10]) }])).json().data[0].id).not.toBe(first.id);
    expect((await upload(bob.token, [{ name: 'cover.png', data: cover }])).json().data[0].id).not.toBe(first.id);
    // A trashed copy is not handed back: uploading it again makes a live file.
    await send('DELETE', `/api/files/${first.id}`, alice.token);
    const fresh = (await upload(alice.token, [{ name: 'cover.png', data: cover }])).json().data[0];
    expect(fresh.id).not.toBe(first.id);
    expect(fresh.deletedAt).toBeNull();
    expect(fresh.alreadyKept).toBe(false);
  });

  it('answers 422 without a file and 401 without a session', async () => {
    const { token } = await user();
    const empty = multipart([]);
    expect(
      (
        await t.app.inject({ method: 'POST', url: '/api/files', headers: { ...bearer(token), ...empty.headers }, payload: empty.payload })
      ).json(),
    ).toMatchObject({ code: 'file.missing' });
    expect((await t.app.inject({ method: 'POST', url: '/api/files', headers: bearer(token), payload: { a: 1 } })).statusCode).toBe(415);
    const body = multipart([{ name: 'a.png', data: png(1, 1) }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/files', headers: body.headers, payload: body.payload })).statusCode).toBe(401);
  });
});

describe('managing files', () => {
  it('lists with search, kind filter and sorting; renames; trashes and restores', async () => {
    const { token } = await user();
    await upload(token, [{ name: 'Invoice March.pdf', data: Buffer.from('%PDF-1.4\n%%EOF') }]);
    const photo = (await upload(token, [{ name: 'beach.png', data: png(8, 8) }])).json().data[0];
    await upload(token, [{ name: 'report.docx', data: docx() }]);

    const names = async (query: string) =>
      (await send('GET', `/api/files?${query}`, token)).json().data.map((f: { name: string }) => f.name);
    expect(await names('sort=name&dir=asc')).toEqual(['beach.png', 'Invoice March.pdf', 'report.docx']);
    expect(await names('kind=image')).toEqual(['beach.png']);
    expect(await names('kind=document')).toEqual(['report.docx']);
    expect(await names('search=march')).toEqual(['Invoice March.pdf']);
    expect(await names('search=%25')).toEqual([]);
    expect((await send('GET', '/api/files?pageSize=1000', token)).statusCode).toBe(422);

    const renamed = await send('PATCH', `/api/files/${photo.id}`, token, { name: '  Playa 2025.png ' });
    expect(renamed.json().data.name).toBe('Playa 2025.png');
    expect((await send('PATCH', `/api/files/${photo.id}`, token, { name: '../etc/passwd' })).statusCode).toBe(422);

    expect((await send('DELETE', `/api/files/${photo.id}`, token)).json().data.deletedAt).not.toBeNull();
    expect(await names('')).not.toContain('Playa 2025.png');
    expect(await names('trash=true')).toEqual(['Playa 2025.png']);
    // The bytes of a trashed file stay reachable for its owner through the trash's own address (thumbnails).
    expect((await t.app.inject({ url: (await send('GET', `/api/files/${photo.id}`, token)).json().data.url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: photo.url })).statusCode).toBe(404);
    expect((await send('POST', `/api/files/${photo.id}/restore`, token)).json().data.deletedAt).toBeNull();
    expect(await names('trash=true')).toEqual([]);
  });

  it('refuses every owner endpoint on another user’s file with 404', async () => {
    const alice = await user();
    const bob = await user();
    const file = (await upload(alice.token, [{ name: 'private.png', data: png(2, 2) }])).json().data[0];
    for (const [method, url, body] of [
      ['GET', `/api/files/${file.id}`],
      ['PATCH', `/api/files/${file.id}`, { name: 'mine.png' }],
      ['DELETE', `/api/files/${file.id}`],
      ['POST', `/api/files/${file.id}/restore`],
    ] as const) {
      const res = await send(method, url, bob.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('record.not_found');
    }
    expect((await send('GET', '/api/files', bob.token)).json().data).toEqual([]);
    expect((await send('GET', `/api/files/${file.id}`, alice.token)).json().data.name).toBe('private.png');
  });

  it('serves bytes only with a valid, unexpired signature for that file', async () => {
    const { token } = await user();
    const [a, b] = (
      await upload(token, [
        { name: 'a.png', data: png(1, 1) },
        { name: 'b.png', data: png(2, 1) },
      ])
    ).json().data;
    const sig = new URL(a.url, 'http://x').searchParams.get('sig');
    const exp = new URL(a.url, 'http://x').searchParams.get('exp');
    expect((await t.app.inject({ url: `/api/files/${b.id}/content?exp=${exp}&sig=${sig}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/files/${a.id}/content?exp=${Number(exp) + 3600}&sig=${sig}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/files/${a.id}/content?exp=${exp}&sig=x${sig}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/files/${a.id}/content?exp=abc&sig=${sig}` })).statusCode).toBe(422);
  });
});

describe('public photo and cover, vCard, preview tags', () => {
  it('serves the photo and cover resized to the page’s sizes as AVIF, WebP or JPEG, cacheable, and shows them in the page', async () => {
    const { user: owner, token } = await user();
    const [photo, cover] = (
      await upload(token, [
        { name: 'me.png', data: png(300, 300, [200, 10, 10]) },
        { name: 'wide.png', data: png(900, 300, [10, 10, 200]) },
      ])
    ).json().data;
    const created = await send('POST', '/api/profiles', token, {
      kind: 'card',
      photoFileId: photo.id,
      coverFileId: cover.id,
      theme: { color: '#12b886', layout: 'centered' },
      card: { firstName: 'Eva' },
    });
    const profile = created.json().data;
    const view = (await t.app.inject({ url: `/api/public/link/${owner.alias}/${profile.id}` })).json().data;
    const cases = [
      [view.photoUrl, 224, 'avif', 'image/avif', 224, 224],
      [view.photoUrl, 112, 'webp', 'image/webp', 112, 112],
      [view.coverUrl, 640, 'jpeg', 'image/jpeg', 640, 240],
    ] as const;
    for (const [url, w, f, type, width, height] of cases) {
      const res = await t.app.inject({ url: `${url}&w=${w}&f=${f}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const { default: sharp } = await import('sharp');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width, height });
    }
    // Only the page's sizes are made.
    expect((await t.app.inject({ url: `${view.photoUrl}&w=113&f=webp` })).statusCode).toBe(404);
    // The centered layout shows its cover; both images come as <picture> with sizes set.
    const html = (await t.app.inject({ url: `/link/${owner.alias}/${profile.id}` })).body;
    expect(html).toContain('data-testid="public-profile-cover"><picture><source type="image/avif"');
    expect(html).toMatch(
      /<img src="[^"]+\/photo\?v=[^"&]+&amp;w=112&amp;f=jpeg" srcset="[^"]+ 1x, [^"]+w=224&amp;f=jpeg 2x" width="112" height="112"/,
    );
  });

  it('serves the photo while the profile is available, puts it in the vCard and in og:image', async () => {
    const { user: owner, token } = await user();
    const image = png(5, 5, [200, 10, 10]);
    const photo = (await upload(token, [{ name: 'me.png', data: image }])).json().data[0];
    const created = await send('POST', '/api/profiles', token, {
      kind: 'card',
      photoFileId: photo.id,
      card: { firstName: 'Eva', lastName: 'Luna' },
    });
    expect(created.statusCode).toBe(201);
    const profile = created.json().data;
    const view = (await t.app.inject({ url: `/api/public/link/${owner.alias}/${profile.id}` })).json().data;
    expect(view.photoUrl).toMatch(/\/photo\?v=/);
    expect(view.coverUrl).toBeNull();

    const res = await t.app.inject({ url: view.photoUrl });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(image)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect((await t.app.inject({ url: `/api/public/link/${owner.alias}/${profile.id}/cover` })).statusCode).toBe(404);

    // vCard: PHOTO embedded in base64 (vCard 3.0), folded at 75 octets.
    const vcard = (await t.app.inject({ url: `/api/public/link/${owner.alias}/${profile.id}/vcard` })).body;
    expect(vcard.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const unfolded = vcard.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toContain(`PHOTO;ENCODING=b;TYPE=PNG:${image.toString('base64')}`);

    const html = (await t.app.inject({ url: `/link/${owner.alias}/${profile.id}` })).body;
    expect(html).toContain(`<meta property="og:image" content="https://enlaza.example${view.photoUrl.replace(/&/g, '&amp;')}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="twitter:image"');

    // Private profile or trashed file (in use: trashed once confirmed): no photo.
    expect((await send('DELETE', `/api/files/${photo.id}`, token)).statusCode).toBe(409);
    await send('DELETE', `/api/files/${photo.id}?confirm=true`, token);
    expect((await t.app.inject({ url: view.photoUrl })).statusCode).toBe(404);
    await send('POST', `/api/files/${photo.id}/restore`, token);
    expect((await t.app.inject({ url: view.photoUrl })).statusCode).toBe(200);
    await send('PUT' as 'POST', `/api/profiles/${profile.id}`, token, {
      kind: 'card',
      photoFileId: photo.id,
      visibility: 'private',
      card: { firstName: 'Eva' },
    });
    expect((await t.app.inject({ url: view.photoUrl })).statusCode).toBe(404);
  });

  it('has no image tags and a summary card without a photo', async () => {
    const { user: owner, token } = await user();
    const profile = (await send('POST', '/api/profiles', token, { kind: 'card', card: { firstName: 'Sin' } })).json().data;
    const html = (await t.app.inject({ url: `/link/${owner.alias}/${profile.id}` })).body;
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect((await t.app.inject({ url: `/api/public/link/${owner.alias}/${profile.id}/vcard` })).body).not.toContain('PHOTO');
  });
});

describe('S3-compatible storage', () => {
  it('puts, gets and deletes objects with SigV4-signed requests (against an in-process server, not a real S3)', async () => {
    const objects = new Map<string, Buffer>();
    const seen: { method: string; url: string; authorization: string | undefined; sha: string | undefined }[] = [];
    const handle = async (req: IncomingMessage, res: ServerResponse) => {
      seen.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        sha: req.headers['x-amz-content-sha256'] as string | undefined,
      });
      if (
        !/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/.test(
          req.headers.authorization ?? '',
        )
      ) {
        res.writeHead(403).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      if (req.method === 'PUT') objects.set(req.url!, Buffer.concat(chunks));
      if (req.method === 'GET') {
        const found = objects.get(req.url!);
        res.writeHead(found ? 200 : 404).end(found);
        return;
      }
      if (req.method === 'DELETE') objects.delete(req.url!);
      res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
    };
    const server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const storage = createS3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'eu-west-1',
        bucket: 'enlaza',
        accessKeyId: 'AKIDTEST',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      });
      const key = 'abcdefghijklmnopqrstuvwxyz012345';
      await storage.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]));
      expect(objects.get(`/enlaza/${key}`)?.toString()).toBe('hello world');
      const chunks: Buffer[] = [];
      for await (const c of await storage.get(key)) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('hello world');
      await storage.delete(key);
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
      expect(seen.map((s) => s.method)).toEqual(['PUT', 'GET', 'DELETE', 'GET']);
      expect(seen.every((s) => s.authorization?.startsWith('AWS4-HMAC-SHA256 ') && s.sha)).toBe(true);
      await expect(
        createS3Storage({
          endpoint: `http://127.0.0.1:${port}`,
          region: 'eu-west-1',
          bucket: 'enlaza',
          accessKeyId: 'OTHER',
          secretAccessKey: 'x',
          forcePathStyle: true,
        }).put(key, Buffer.from('x')),
      ).rejects.toThrow(/403/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('account deletion', () => {
  it('deletes the rows and the bytes of every file of the account, trashed ones too', async () => {
    const { user: owner, token } = await user();
    const { token: otherToken } = await user();
    const kept = (await upload(otherToken, [{ name: 'kept.png', data: png(2, 2) }])).json().data[0].id as string;
    const before = await storedOnDisk();
    const uploaded = await upload(token, [
      { name: 'a.png', data: png(4, 4) },
      { name: 'b.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    expect(uploaded.statusCode).toBe(201);
    const [first] = uploaded.json().data as { id: string }[];
    expect((await send('DELETE', `/api/files/${first!.id}`, token)).statusCode).toBe(200);
    expect((await storedOnDisk()).length).toBe(before.length + 2);

    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/options/delete-account',
      headers: bearer(token),
      payload: { password: owner.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await storedOnDisk()).toEqual(before);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.userId, owner.id))).toEqual([]);
    // Another user's file is untouched.
    expect((await send('GET', `/api/files/${kept}`, otherToken)).statusCode).toBe(200);
  });
});

describe('file names', () => {
  it('drops bidirectional overrides from uploaded names and refuses them in a rename', async () => {
    const { token } = await user();
    const res = await upload(token, [{ name: 'photo\u202Egnp.exe.png', data: png(2, 2) }]);
    expect(res.statusCode).toBe(201);
    const file = res.json().data[0] as { id: string; name: string };
    expect(file.name).toBe('photognp.exe.png');
    const rename = await send('PATCH', `/api/files/${file.id}`, token, { name: 'x\u202Egnp.exe' });
    expect(rename.statusCode).toBe(422);
  });

  it('answers 404, not 500, when a file’s bytes are gone from the storage', async () => {
    const { token } = await user();
    const file = (await upload(token, [{ name: 'gone.png', data: png(2, 2) }])).json().data[0] as { id: string; url: string };
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, file.id));
    await rm(join(dataDir, 'files', row!.storageKey.slice(0, 2), row!.storageKey), { force: true });
    const res = await t.app.inject({ url: file.url });
    expect(res.statusCode).toBe(404);
  });
});
