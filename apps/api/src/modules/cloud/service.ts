import type { Readable } from 'node:stream';
import type { CloudFile, FileListQuery, FileUse, StorageUsage } from '@enlaza/contracts';
import { hmac, safeEqual } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { StorageNotFoundError, type Storage } from '../../lib/storage.js';
import type { Actor } from '../../platform/actor.js';
import type { EventBus } from '../../platform/events.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { emailImageMarker } from './email-images.js';
import { kindOf, nameForType } from './file-type.js';
import { imageReads, type FileContent } from './image-reads.js';
import { createUpload } from './upload.js';
import type { CloudRepository, StoredFileRow } from './repository.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { FileUseRegistry } from '../../platform/file-use-registry.js';

const HOUR = 3600;

export { cleanFileName, type IncomingFile } from './upload.js';
export type { FileContent } from './image-reads.js';

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
  /** `file.uploaded`, published with the new file (its history row and the storage thresholds follow it); renames, trash and restores for the history. */
  events: Pick<EventBus, 'publish'>;
  /** Where the owner's records use a file (cards, tags, wall posts, templates, campaigns), each module answering for its own. */
  fileUses: Pick<FileUseRegistry, 'usesOf'>;
}) {
  const { repo, storage, subscriptions, maxFileBytes, events } = deps;
  /** Renames, trash and restores of files: events the history records (as an upload's row follows `file.uploaded`). */
  const record = (
    actor: Actor,
    action: 'file.renamed' | 'file.trashed' | 'file.restored',
    row: StoredFileRow,
    change: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
  ) =>
    events.publish(action, {
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

  const upload = createUpload({ repo, storage, subscriptions, maxFileBytes, events, toFile });

  /** The actor's file, live or in the trash. */
  async function fileOf(actor: Actor, id: string): Promise<StoredFileRow> {
    await deps.requireAccess(actor, 'file', id);
    return afterAccess(await repo.find(actor.id, id));
  }

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

    /** One uploaded file kept, or refused and its bytes deleted (upload.ts). */
    upload,

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

    // --- images ---------------------------------------------------------------------------------

    ...imageReads({ repo, bytesOf, emailKey }),
  };
}

export type CloudService = ReturnType<typeof createCloudService>;
