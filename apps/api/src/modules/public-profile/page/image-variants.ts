import type { FastifyReply } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.js';

/**
 * The sizes the public page shows its images at (1× and 2× screens): the avatar is a 112 px
 * circle, the cover a strip cropped to 8:3, a wall post's image at most 640 px wide in its own
 * proportions (never enlarged). Only these are made, so nobody can ask the server to resize to
 * arbitrary sizes.
 */
export const IMAGE_SIZES = { photo: [112, 224], cover: [640, 1280], post: [640, 1280], logo: [160, 320] } as const;
export type ImageUse = keyof typeof IMAGE_SIZES;
/** Images larger than this are not resized (they are served as they are through the plain address). */
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
export const COVER_ASPECT = 3 / 8;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const imageVariantQuery = z.object({
  v: z.string().max(40).optional(),
  w: z.coerce.number().int().optional(),
  f: z.enum(IMAGE_FORMATS).optional(),
});

const MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

/** Height of a variant of the given width. */
export const variantHeight = (which: 'photo' | 'cover', width: number) => (which === 'photo' ? width : Math.round(width * COVER_ASPECT));

/** The size a wall post's image is shown at: at most `maxWidth` wide, in its own proportions, never enlarged. */
export function fittedSize(
  source: { width: number; height: number },
  maxWidth: number = IMAGE_SIZES.post[0],
): { width: number; height: number } {
  const width = Math.min(maxWidth, source.width);
  return { width, height: Math.max(1, Math.round((source.height * width) / source.width)) };
}

/**
 * Resized images, made once and kept in memory (least recently used out first, bounded by total
 * bytes). Keyed by the file id, which changes when the owner picks another image.
 */
export function createImageVariants(maxBytes = 48 * 1024 * 1024) {
  const cache = new Map<string, { mimeType: string; data: Buffer }>();
  const pending = new Map<string, Promise<{ mimeType: string; data: Buffer } | null>>();
  let total = 0;

  function remember(key: string, value: { mimeType: string; data: Buffer }) {
    cache.set(key, value);
    total += value.data.length;
    for (const [oldKey, old] of cache) {
      if (total <= maxBytes) break;
      cache.delete(oldKey);
      total -= old.data.length;
    }
  }

  return {
    /** The variant, made from `source()` on a miss; null when the source cannot be read or decoded. */
    async get(fileId: string, which: ImageUse, width: number, format: ImageFormat, source: () => Promise<Buffer | null>) {
      const key = `${fileId}:${which}:${width}:${format}`;
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      let job = pending.get(key);
      if (!job) {
        job = (async () => {
          const bytes = await source();
          if (!bytes) return null;
          try {
            let image = sharp(bytes, { failOn: 'error' }).rotate();
            image =
              // A post's image and a logo keep their shape (a logo is often wide); a photo and a cover are cropped to theirs.
              which === 'post' || which === 'logo'
                ? image.resize({ width, withoutEnlargement: true })
                : image.resize(width, variantHeight(which, width), { fit: 'cover', withoutEnlargement: false });
            if (format === 'jpeg') image = image.flatten({ background: '#ffffff' });
            const data = await image.toFormat(format, format === 'avif' ? { quality: 50, effort: 2 } : { quality: 78 }).toBuffer();
            const value = { mimeType: MIME[format], data };
            remember(key, value);
            return value;
          } catch {
            return null;
          }
        })().finally(() => pending.delete(key));
        pending.set(key, job);
      }
      return job;
    },
  };
}

export type ImageVariants = ReturnType<typeof createImageVariants>;

/**
 * Answers the resized copy of an image asked by `w` and `f` (one of the sizes `which` is shown at),
 * made from `source` (at most MAX_SOURCE_BYTES): 404 for another width or bytes that cannot be decoded.
 */
export async function sendImageVariant(
  reply: FastifyReply,
  variants: ImageVariants,
  asked: { fileId: string; which: ImageUse; w: number; f: ImageFormat; v: string | undefined },
  source: (maxBytes: number) => Promise<{ data: Buffer } | null>,
) {
  if (!(IMAGE_SIZES[asked.which] as readonly number[]).includes(asked.w)) throw new AppError('record.not_found');
  const variant = await variants.get(
    asked.fileId,
    asked.which,
    asked.w,
    asked.f,
    async () => (await source(MAX_SOURCE_BYTES))?.data ?? null,
  );
  if (!variant) throw new AppError('record.not_found');
  return reply
    .headers({
      'content-type': variant.mimeType,
      'x-content-type-options': 'nosniff',
      'cache-control': asked.v ? 'public, max-age=86400' : 'public, max-age=3600',
    })
    .send(variant.data);
}
