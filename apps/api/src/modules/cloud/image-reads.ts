import { safeEqual, hmac } from '../../lib/crypto.js';
import type { Readable } from 'node:stream';
import { kindOf } from './file-type.js';
import type { CloudRepository, StoredFileRow } from './repository.js';

/** A file's row and its bytes. */
export type FileContent = { row: StoredFileRow; stream: Readable };

/** Live images read by other modules and by the public addresses: emails, wall posts, profiles' photos, the vCard. */
export function imageReads({
  repo,
  bytesOf,
  emailKey,
}: {
  repo: CloudRepository;
  bytesOf: (key: string) => Promise<Readable>;
  emailKey: string;
}) {
  return {
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
