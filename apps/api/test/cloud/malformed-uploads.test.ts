import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../src/db/schema/index.js';
import { png } from '../helpers/files.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

/** Uploads with a malformed multipart body fail cleanly and keep no bytes. */
let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enlaza-review4-'));
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

/** Every file kept on disk (temporary files included). */
async function storedOnDisk(): Promise<string[]> {
  const root = join(dataDir, 'files');
  const dirs = await readdir(root).catch(() => [] as string[]);
  return (await Promise.all(dirs.map(async (d) => (await readdir(join(root, d))).map((f) => `${d}/${f}`)))).flat();
}

/** The answer, or 'no answer' when none comes within `ms` (a request left hanging). */
const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms))]);

describe('multipart uploads with a malformed body', () => {
  it('answers a body cut off in the middle of a file with 422 (not a hung request) and keeps no bytes', async () => {
    const { user: owner, token } = await user();
    const before = await storedOnDisk();
    const head = Buffer.from('--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n');
    const res = await within(
      5000,
      t.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=cut' },
        payload: Buffer.concat([head, png(4, 4)]),
      }),
    );
    expect(res).not.toBe('no answer');
    if (res === 'no answer') return;
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ ok: 0, code: 'request.invalid_multipart' });
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.userId, owner.id))).toEqual([]);
    expect(await storedOnDisk()).toEqual(before);
  });

  it('answers a multipart content type without a usable boundary with 422, not 500', async () => {
    const { token } = await user();
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
    ]) {
      const res = await within(
        5000,
        t.app.inject({
          method: 'POST',
          url: '/api/files',
          headers: { ...bearer(token), 'content-type': contentType },
          payload: '--b--\r\n',
        }),
      );
      expect(res, contentType).not.toBe('no answer');
      if (res === 'no answer') return;
      expect(res.statusCode, contentType).toBe(422);
      expect(res.json(), contentType).toMatchObject({ ok: 0, code: 'request.invalid_multipart' });
    }
  });
});
