import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../config.js';
import { randomToken } from './crypto.js';

/** Where the bytes of uploaded files live. Keys are random (see `newStorageKey`), never derived from names. */
export interface Storage {
  put(key: string, body: Readable | Buffer): Promise<void>;
  /** The bytes of `key`; rejects with `StorageNotFoundError` when there are none. */
  get(key: string): Promise<Readable>;
  /** Removes `key`; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object, and the temporary files of unfinished writes (`temporary`: a path to remove with `deleteTemporary`). */
  list(): AsyncIterable<StoredObject>;
  deleteTemporary(name: string): Promise<void>;
}

export type StoredObject = { key: string; modifiedAt: Date; temporary: boolean };

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
  }
}

/** 32 random url-safe characters: nothing of the user's file name or id reaches a path or an object key. */
export const newStorageKey = () => randomToken(24);

function checkKey(key: string): string {
  if (!/^[\w-]{16,128}$/.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** Files under `root`, spread over 256 sub-directories; writes are atomic (temporary file, then rename). */
export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => join(root, checkKey(key).slice(0, 2), key);
  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.${randomToken(6)}.tmp`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const stream = createReadStream(pathOf(key));
      // Open before answering, so a missing file is an error here rather than in the middle of a response.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new StorageNotFoundError(key) : error));
      });
      return stream;
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
    async *list() {
      const dirs = await readdir(root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const dir of dirs) {
        if (!dir.isDirectory() || !/^[\w-]{2}$/.test(dir.name)) continue;
        for (const name of await readdir(join(root, dir.name)).catch(() => [] as string[])) {
          const info = await stat(join(root, dir.name, name)).catch(() => null);
          if (!info?.isFile()) continue;
          const temporary = name.endsWith('.tmp');
          yield { key: temporary ? `${dir.name}/${name}` : name, modifiedAt: info.mtime, temporary };
        }
      }
    },
    async deleteTemporary(name) {
      if (!/^[\w-]{2}\/[\w.-]+\.tmp$/.test(name)) throw new Error(`invalid temporary file ${name}`);
      await unlink(join(root, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}

async function collect(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2…), requests signed with SigV4. An upload is buffered
 * before the PUT (S3 wants its length up front); uploads are bounded by CLOUD_MAX_FILE_MB.
 */
export function createS3Storage(s3: NonNullable<Config['s3']>, fetchImpl: typeof fetch = fetch): Storage {
  const client = new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region, service: 's3' });
  const endpoint = new URL(s3.endpoint);
  const urlOf = (key: string) =>
    s3.forcePathStyle
      ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${s3.bucket}/${checkKey(key)}`
      : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}/${checkKey(key)}`;
  async function send(method: string, key: string, body?: Buffer): Promise<Response> {
    const signed = await client.sign(urlOf(key), {
      method,
      body,
      headers: body ? { 'content-type': 'application/octet-stream' } : undefined,
    });
    return fetchImpl(signed);
  }
  return {
    async put(key, body) {
      const res = await send('PUT', key, await collect(body));
      await res.body?.cancel();
      if (!res.ok) throw new Error(`S3 PUT ${key} failed: HTTP ${res.status}`);
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.body?.cancel();
        throw new StorageNotFoundError(key);
      }
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw new Error(`S3 GET ${key} failed: HTTP ${res.status}`);
      }
      return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    },
    async delete(key) {
      const res = await send('DELETE', key);
      await res.body?.cancel();
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: HTTP ${res.status}`);
    },
    /** ListObjectsV2, page by page (S3 writes are whole objects: there are no temporaries). */
    async *list() {
      const bucketUrl = s3.forcePathStyle
        ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${s3.bucket}`
        : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;
      let token: string | null = null;
      do {
        const url = new URL(bucketUrl);
        url.searchParams.set('list-type', '2');
        if (token) url.searchParams.set('continuation-token', token);
        const res = await fetchImpl(await client.sign(url.toString(), { method: 'GET' }));
        const xml = await res.text();
        if (!res.ok) throw new Error(`S3 LIST failed: HTTP ${res.status}`);
        for (const [, body = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = /<Key>([^<]*)<\/Key>/.exec(body)?.[1];
          const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(body)?.[1];
          if (key && modified) yield { key, modifiedAt: new Date(modified), temporary: false };
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? (/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? null)
          : null;
      } while (token);
    },
    async deleteTemporary() {
      // Nothing is written in pieces on S3.
    },
  };
}

/** S3 when configured, otherwise the local disk under DATA_DIR/files. */
export function createStorage(config: Pick<Config, 's3' | 'dataDir'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(join(config.dataDir, 'files'));
}
