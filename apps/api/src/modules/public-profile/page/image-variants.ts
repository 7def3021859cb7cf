import sharp from 'sharp';
import { z } from 'zod';

/**
 * The sizes the public page shows its images at (1× and 2× screens): the avatar is a 112 px
 * circle, the cover a strip cropped to 8:3. Only these are made, so nobody can ask the server to
 * resize to arbitrary sizes.
 */
export const IMAGE_SIZES = { photo: [112, 224], cover: [640, 1280] } as const;
export const COVER_ASPECT = 3 / 8;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const imageVariantQuery = z.object({ v: z.string().max(40).optional(), w: z.coerce.number().int().optional(), f: z.enum(IMAGE_FORMATS).optional() });

const MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

/** Height of a variant of the given width. */
export const variantHeight = (which: 'photo' | 'cover', width: number) => (which === 'photo' ? width : Math.round(width * COVER_ASPECT));

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
    async get(fileId: string, which: 'photo' | 'cover', width: number, format: ImageFormat, source: () => Promise<Buffer | null>) {
      const key = `${fileId}:${width}:${format}`;
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
            let image = sharp(bytes, { failOn: 'error' }).rotate().resize(width, variantHeight(which, width), { fit: 'cover', withoutEnlargement: false });
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
