import { z } from 'zod';

/** What the cloud (nube) accepts, as detected from a file's bytes. */
export const FILE_KINDS = ['image', 'pdf', 'document'] as const;
export const fileKindSchema = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof fileKindSchema>;

export const cloudFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Detected from the bytes at upload, never taken from the client. */
  mimeType: z.string(),
  kind: fileKindSchema,
  sizeBytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set while the file is in the trash (it still occupies storage until purged). */
  deletedAt: z.string().nullable(),
  /** Signed, time-limited address of the bytes (usable in `<img src>`); add `&download=1` to download. */
  url: z.string(),
});
export type CloudFile = z.infer<typeof cloudFileSchema>;

export const FILE_SORTS = ['createdAt', 'name', 'size'] as const;
export const fileListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  kind: fileKindSchema.optional(),
  /** `true`: the files in the trash instead of the live ones. */
  trash: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  sort: z.enum(FILE_SORTS).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
});
export type FileListQuery = z.infer<typeof fileListQuerySchema>;
export type FileListQueryInput = z.input<typeof fileListQuerySchema>;

export const fileListSchema = z.object({
  ok: z.literal(1),
  data: z.array(cloudFileSchema),
  meta: z.object({ page: z.number(), pageSize: z.number(), total: z.number() }),
});

/** Storage used by live and trashed files against the plan's limit (plus add-ons); `maxFileBytes` per upload. */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int(),
  limitBytes: z.number().int(),
  maxFileBytes: z.number().int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

export const renameFileBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    // No path separators, control characters or bidirectional overrides (which make `x\u202Egnp.exe` read as `xexe.png`).
    .regex(/^[^/\\\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]+$/u, { error: 'validation.invalid_format' }),
});
export type RenameFileBody = z.infer<typeof renameFileBodySchema>;

/**
 * A file as an upload answers it. `alreadyKept`: the same bytes were already in the owner's cloud,
 * and this is that file, under the name it was kept with (no copy was stored).
 */
export const uploadedFileSchema = cloudFileSchema.extend({ alreadyKept: z.boolean() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** Answer of `POST /api/files` (multipart, one or several `file` parts). */
export const uploadFilesResponseSchema = z.object({ ok: z.literal(1), data: z.array(uploadedFileSchema) });
