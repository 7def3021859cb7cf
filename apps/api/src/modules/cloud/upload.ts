import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { CloudFile } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import { newStorageKey, type Storage } from '../../lib/storage.js';
import type { Actor } from '../../platform/actor.js';
import type { EventBus } from '../../platform/events.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { detectFileType, nameForType } from './file-type.js';
import type { CloudRepository, StoredFileRow } from './repository.js';

const HEAD_BYTES = 256 * 1024;
const TAIL_BYTES = 64 * 1024;

/** Counts and hashes the bytes passing through and keeps the first and last ones for type detection. */
function sniffer() {
  let size = 0;
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let tail = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headSize);
        head.push(part);
        headSize += part.length;
      }
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > TAIL_BYTES) tail = tail.subarray(tail.length - TAIL_BYTES);
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, head: Buffer.concat(head), tail, sha256: hash.digest('hex') }) };
}

/** A display name from the client's file name: no path, no control characters, bounded, and the extension of the type its bytes are. */
export function cleanFileName(raw: string, mimeType: string): string {
  const base = (raw.split(/[/\\]/).pop() ?? '')
    .replace(/[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '')
    .trim()
    .slice(0, 200);
  return nameForType(base || 'file', mimeType);
}

const formatMb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** An uploaded part: its name as the client gave it and its bytes (`truncated` once the size limit cut it). */
export type IncomingFile = { filename: string; file: Readable & { truncated?: boolean } };

export type UploadDeps = {
  repo: CloudRepository;
  storage: Storage;
  subscriptions: SubscriptionsService;
  maxFileBytes: number;
  events: Pick<EventBus, 'publish'>;
  toFile: (row: StoredFileRow) => CloudFile;
};

/**
 * Streams one file to storage while counting and sniffing it, then keeps it only if its bytes
 * are an accepted type, it fits the size limit and the owner's storage quota. Otherwise the
 * stored bytes are deleted and the reason is the error.
 * The same bytes uploaded again by the same owner (a cover picked a second time, an editor
 * abandoned and reopened) are not kept twice: the live file already holding them is the answer.
 */
export function createUpload({ repo, storage, subscriptions, maxFileBytes, events, toFile }: UploadDeps) {
  const maxMb = () => Math.round(maxFileBytes / 1024 / 1024);

  return async function upload(actor: Actor, incoming: IncomingFile): Promise<{ file: CloudFile; created: boolean }> {
    const { limits } = await subscriptions.subscriptionData(actor);
    const limit = limits.storageBytes;
    if ((await repo.usedBytes(actor.id)) >= limit) throw new AppError('quota.storage', { limit: formatMb(limit) });

    const storageKey = newStorageKey();
    const sniff = sniffer();
    try {
      // pipeline, not pipe: the part may already have been destroyed (a body cut off while the
      // checks above ran), and only pipeline passes that on, so the write fails instead of waiting forever.
      await storage.put(
        storageKey,
        pipeline(incoming.file, sniff.stream, () => undefined),
      );
      const { size, head, tail, sha256 } = sniff.result();
      if (incoming.file.truncated || size > maxFileBytes) throw new AppError('file.too_large', { max: maxMb() });
      if (size === 0) throw new AppError('file.empty');
      const type = detectFileType(head, tail);
      if (!type) throw new AppError('file.type_not_allowed');
      const { row, existing } = await repo.withOwnerLock(actor.id, async (tx) => {
        const same = await repo.findLiveByHash(actor.id, sha256, size, tx);
        if (same) return { row: same, existing: true };
        const used = await repo.usedBytes(actor.id, tx);
        if (used + size > limit) throw new AppError('quota.storage', { limit: formatMb(limit) });
        const values = {
          name: cleanFileName(incoming.filename, type.mimeType),
          mimeType: type.mimeType,
          sizeBytes: size,
          storageKey,
          width: type.width,
          height: type.height,
          sha256,
        };
        const inserted = await repo.insert(tx, actor.id, values);
        const { id: fileId, name, sizeBytes } = inserted;
        await events.publish('file.uploaded', { fileId, userId: actor.id, name, sizeBytes, usedBytesBefore: used, limitBytes: limit }, tx);
        return { row: inserted, existing: false };
      });
      if (existing) await storage.delete(storageKey).catch(() => undefined);
      return { file: toFile(row), created: !existing };
    } catch (error) {
      incoming.file.resume(); // whatever is left of the part is read and dropped
      await storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
  };
}
