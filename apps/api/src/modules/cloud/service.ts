import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { CloudFile, FileListQuery, FileUse, StorageUsage } from '@enlaza/contracts';
import { hmac, safeEqual } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { newStorageKey, StorageNotFoundError, type Storage } from '../../lib/storage.js';
import type { ActivityService } from '../activity/index.js';
import type { Actor } from '../../platform/actor.js';
import type { EventBus } from '../../platform/events.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { emailImageMarker } from './email-images.js';
import { detectFileType, kindOf, nameForType } from './file-type.js';
import type { CloudRepository, StoredFileRow } from './repository.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { FileUseRegistry } from '../../platform/file-use-registry.js';

const HEAD_BYTES = 256 * 1024;
const TAIL_BYTES = 64 * 1024;
const HOUR = 3600;

/** An uploaded part: its name as the client gave it and its bytes (`truncated` once the size limit cut it). */
export type IncomingFile = { filename: string; file: Readable & { truncated?: boolean } };
export type FileContent = { row: StoredFileRow; stream: Readable };

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

/** The cloud (nube): a user's files, their storage quota, and the signed addresses of their bytes. */
export function createCloudService(deps: {
  repo: CloudRepository;
  requireAccess: RequireAccess;
  storage: Storage;
  subscriptions: SubscriptionsService;
  secret: string;
  /** PUBLIC_URL: an email's image address must work from anywhere. */
  publicUrl: string;
  maxFileBytes: number;
  /** `file.uploaded`, published with the new file (its history row and the storage thresholds follow it). */
  events: Pick<EventBus, 'publish'>;
  activity?: Pick<ActivityService, 'record'>;
  /** Where the owner's records use a file (cards, tags, wall posts, templates, campaigns), each module answering for its own. */
  fileUses: Pick<FileUseRegistry, 'usesOf'>;
}) {
  const { repo, storage, subscriptions, maxFileBytes, events } = deps;
  /** Renames, trash and restore of files go to the history (an upload's row follows its event). */
  const record = (
    actor: Actor,
    action: 'file.renamed' | 'file.trashed' | 'file.restored',
    row: StoredFileRow,
    change: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
  ) =>
    deps.activity?.record({
      action,
      userId: actor.id,
      actorId: actor.id,
      target: { type: 'file', id: row.id },
      before: change.before ?? { name: row.name },
      after: change.after ?? { name: row.name },
    });
  // Email images: an address that never expires (mail clients load images whenever the email is
  // opened), for one file only, under a key of its own.
  const emailKey = hmac(deps.secret, 'cloud-email-images');
  // A key of its own, so a content signature is never valid as anything else the app signs.
  const key = hmac(deps.secret, 'cloud-content-addresses');
  // An address names the state it was made for: a live file's stops working once the file is
  // trashed; the trash list's own addresses (its thumbnails) work only while the file is in the trash.
  const signature = (id: string, exp: number, trashed = false) => hmac(key, trashed ? `${id}.${exp}.trash` : `${id}.${exp}`);

  /** Valid for one to two hours; the same address for an hour, so browsers can cache the bytes. */
  function contentUrl(id: string, trashed: boolean, now = Date.now()): string {
    const exp = (Math.floor(now / 1000 / HOUR) + 2) * HOUR;
    return `/api/files/${id}/content?exp=${exp}&sig=${signature(id, exp, trashed)}${trashed ? '&trash=1' : ''}`;
  }

  function toFile(row: StoredFileRow): CloudFile {
    return {
      id: row.id,
      name: row.name,
      mimeType: row.mimeType,
      kind: kindOf(row.mimeType),
      sizeBytes: row.sizeBytes,
      width: row.width,
      height: row.height,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      deletedAt: row.deletedAt?.toISOString() ?? null,
      url: contentUrl(row.id, row.deletedAt !== null),
    };
  }

  /** A row whose bytes are gone (lost disk, emptied bucket) is as unknown as a missing file, not a 500. */
  async function bytesOf(key: string): Promise<Readable> {
    try {
      return await storage.get(key);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new AppError('record.not_found');
      throw error;
    }
  }

  /** The actor's file, live or in the trash. */
  async function fileOf(actor: Actor, id: string): Promise<StoredFileRow> {
    await deps.requireAccess(actor, 'file', id);
    return afterAccess(await repo.find(actor.id, id));
  }

  const maxMb = () => Math.round(maxFileBytes / 1024 / 1024);

  /** The owner's files among `ids` (distinct), all or nothing: one that is not theirs makes the request 404. */
  async function filesOf(actor: Actor, ids: string[]): Promise<StoredFileRow[]> {
    await deps.requireAccess(actor, 'file', ids);
    return repo.findMany(actor.id, [...new Set(ids)]);
  }

  /**
   * To the trash (the bytes stay, and still count, until the trash is purged), all or nothing. A live
   * file that a card, tag, post, template or campaign uses goes only when `confirm` is set: otherwise
   * 409 `file.in_use`, and nothing moves. Those places keep pointing at the file, so restoring it
   * brings it back everywhere; meanwhile they show no image (it is served only while live).
   * Files already in the trash stay as they are. Answers the files in the order asked.
   */
  async function trashMany(actor: Actor, ids: string[], confirm: boolean): Promise<CloudFile[]> {
    const rows = await filesOf(actor, ids);
    const live = rows.filter((row) => row.deletedAt === null).map((row) => row.id);
    if (!confirm && live.length > 0 && (await deps.fileUses.usesOf(actor.id, live)).length > 0) throw new AppError('file.in_use');
    const moved = await repo.trashMany(actor.id, live);
    for (const row of moved) await record(actor, 'file.trashed', row);
    const byId = new Map([...rows, ...moved].map((row) => [row.id, row]));
    return [...new Set(ids)].map((id) => toFile(byId.get(id)!));
  }

  return {
    maxFileBytes,

    async usage(actor: Actor): Promise<StorageUsage> {
      const data = await subscriptions.subscriptionData(actor);
      return { usedBytes: data.usage.storageBytes, limitBytes: data.limits.storageBytes, maxFileBytes };
    },

    async list(actor: Actor, query: FileListQuery) {
      const { rows, total } = await repo.list(actor.id, query);
      return { data: rows.map(toFile), meta: { page: query.page, pageSize: query.pageSize, total } };
    },

    async get(actor: Actor, id: string): Promise<CloudFile> {
      return toFile(await fileOf(actor, id));
    },

    /**
     * Streams one file to storage while counting and sniffing it, then keeps it only if its bytes
     * are an accepted type, it fits the size limit and the owner's storage quota. Otherwise the
     * stored bytes are deleted and the reason is the error.
     * The same bytes uploaded again by the same owner (a cover picked a second time, an editor
     * abandoned and reopened) are not kept twice: the live file already holding them is the answer.
     */
    async upload(actor: Actor, incoming: IncomingFile): Promise<{ file: CloudFile; created: boolean }> {
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
          await events.publish(
            'file.uploaded',
            { fileId, userId: actor.id, name, sizeBytes, usedBytesBefore: used, limitBytes: limit },
            tx,
          );
          return { row: inserted, existing: false };
        });
        if (existing) await storage.delete(storageKey).catch(() => undefined);
        return { file: toFile(row), created: !existing };
      } catch (error) {
        incoming.file.resume(); // whatever is left of the part is read and dropped
        await storage.delete(storageKey).catch(() => undefined);
        throw error;
      }
    },

    /** Undoes uploads of a request that failed part-way (several files per request are all or nothing). */
    async discard(actor: Actor, ids: string[]): Promise<void> {
      for (const id of ids) {
        const row = await repo.find(actor.id, id);
        if (!row) continue;
        await repo.withOwnerLock(actor.id, (tx) => repo.remove(tx, id));
        await storage.delete(row.storageKey).catch(() => undefined);
      }
    },

    /** A new name keeps the extension of the file's type (`a.html` for a PDF becomes `a.pdf`). */
    async rename(actor: Actor, id: string, name: string): Promise<CloudFile> {
      const before = await fileOf(actor, id);
      const row = afterAccess(await repo.rename(actor.id, id, nameForType(name, before.mimeType)));
      if (before.name !== row.name) await record(actor, 'file.renamed', row, { before: { name: before.name }, after: { name: row.name } });
      return toFile(row);
    },

    /** One file to the trash; in use, only with `confirm` (see trashMany). */
    async trash(actor: Actor, id: string, confirm = false): Promise<CloudFile> {
      const [file] = await trashMany(actor, [id], confirm);
      return file!;
    },

    trashMany,

    /** Where the owner's records use these files of theirs (all or nothing: another user's file is 404). */
    async uses(actor: Actor, ids: string[]): Promise<FileUse[]> {
      const rows = await filesOf(actor, ids);
      return deps.fileUses.usesOf(
        actor.id,
        rows.map((row) => row.id),
      );
    },

    async restore(actor: Actor, id: string): Promise<CloudFile> {
      await deps.requireAccess(actor, 'file', id);
      const changed = await repo.setTrashed(actor.id, id, false);
      if (changed) await record(actor, 'file.restored', changed);
      return toFile(changed ?? afterAccess(await repo.find(actor.id, id)));
    },

    /**
     * The bytes behind a signed address; a wrong signature is as unknown as a missing file, and so is
     * a file no longer in the state the address was made for (a live file's address once it is trashed).
     */
    async content(id: string, exp: number, sig: string, trashed = false, now = Date.now()): Promise<FileContent> {
      if (!safeEqual(sig, signature(id, exp, trashed))) throw new AppError('record.not_found');
      if (exp * 1000 < now) throw new AppError('file.link_expired');
      const row = await repo.findById(id);
      if (!row || (row.deletedAt !== null) !== trashed) throw new AppError('record.not_found');
      return { row, stream: await bytesOf(row.storageKey) };
    },

    /**
     * The public address of one of my images for an email template (`/api/public/images/<id>.<sig>`):
     * it never expires and shows only that image, while it is not in the trash.
     */
    async emailImageAddress(actor: Actor, id: string): Promise<{ url: string }> {
      const row = await fileOf(actor, id);
      if (row.deletedAt || kindOf(row.mimeType) !== 'image') throw new AppError('file.not_an_image');
      return { url: `${deps.publicUrl}${emailImageMarker(row.id)}${hmac(emailKey, row.id)}` };
    },

    /** The bytes of an email image by its public token, or null (forged, trashed, not an image). */
    async emailImage(token: string): Promise<FileContent | null> {
      const [id = '', sig = ''] = token.split('.');
      if (!/^[0-9a-f-]{36}$/.test(id) || !safeEqual(sig, hmac(emailKey, id))) return null;
      const row = await repo.findById(id);
      if (!row || row.deletedAt || kindOf(row.mimeType) !== 'image') return null;
      return { row, stream: await bytesOf(row.storageKey) };
    },

    /** Whether `id` is a live image of `userId` (a wall post's image). */
    async isLiveImage(userId: string, id: string): Promise<boolean> {
      const row = await repo.find(userId, id);
      return Boolean(row && !row.deletedAt && kindOf(row.mimeType) === 'image');
    },

    /** A live image of `userId` with its pixel size (read at upload; null when unknown); null when it is not a live image (in the trash). */
    async liveImage(userId: string, id: string): Promise<{ width: number | null; height: number | null } | null> {
      const row = await repo.find(userId, id);
      if (!row || row.deletedAt || kindOf(row.mimeType) !== 'image') return null;
      return { width: row.width, height: row.height };
    },

    /** A live image of `userId`, for the public photo and cover of a profile; null otherwise. */
    async publicImage(userId: string, id: string): Promise<FileContent | null> {
      const row = await repo.find(userId, id);
      if (!row || row.deletedAt || kindOf(row.mimeType) !== 'image') return null;
      return { row, stream: await bytesOf(row.storageKey) };
    },

    /** The bytes of a live image, when it is at most `maxBytes` (for the vCard's PHOTO). */
    async imageBytes(userId: string, id: string, maxBytes: number): Promise<{ mimeType: string; data: Buffer } | null> {
      const row = await repo.find(userId, id);
      if (!row || row.deletedAt || kindOf(row.mimeType) !== 'image' || row.sizeBytes > maxBytes) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of await bytesOf(row.storageKey)) chunks.push(chunk as Buffer);
      return { mimeType: row.mimeType, data: Buffer.concat(chunks) };
    },
  };
}

const formatMb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export type CloudService = ReturnType<typeof createCloudService>;
