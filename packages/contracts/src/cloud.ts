import { z } from 'zod';
import { okResponse } from './common.js';

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

/**
 * Where a file is used: each module answers for its own live records of the file's owner. `kind`
 * names the record (the trash's names), `role` what the file is there (a card's photo or cover, a
 * post's image, an image in an email), `href` the web app's page of the record.
 */
export const FILE_USE_KINDS = ['card', 'tag', 'wall_post', 'email_template', 'campaign'] as const;
export const fileUseKindSchema = z.enum(FILE_USE_KINDS);
export type FileUseKind = z.infer<typeof fileUseKindSchema>;
export const FILE_USE_ROLES = ['photo', 'cover', 'logo', 'image'] as const;
export const fileUseSchema = z.object({
  fileId: z.string(),
  kind: fileUseKindSchema,
  /** The record's id (the card, the post, the template…). */
  id: z.string(),
  /** The record's display name: the card's or tag's name, the post's title, the template's or campaign's name. */
  name: z.string(),
  role: z.enum(FILE_USE_ROLES),
  /** A page of the web app (path and query) where the record is edited or shown. */
  href: z.string(),
});
export type FileUse = z.infer<typeof fileUseSchema>;

/** Answer of `GET /api/files/{id}/uses` and `GET /api/files/uses?ids=…`. */
export const fileUsesResponseSchema = okResponse(z.array(fileUseSchema));

/** `GET /api/files/uses?ids=<id>,<id>`: the uses of several files (at most 100), before they go to the trash. */
export const fileUsesQuerySchema = z.object({
  ids: z
    .string()
    .max(100 * 37)
    .transform((v) => [...new Set(v.split(',').map((id) => id.trim()))])
    .pipe(z.array(z.uuid()).min(1).max(100)),
});

/**
 * `DELETE /api/files/{id}?confirm=true`: moves a file in use to the trash. Without it, a file in use
 * answers 409 `file.in_use` and stays (its uses: `GET /api/files/{id}/uses`).
 */
export const trashFileQuerySchema = z.object({
  confirm: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** `POST /api/files/trash`: several files to the trash, all or nothing; when one is in use, only with `confirm` (else 409 `file.in_use`). */
export const trashFilesBodySchema = z.object({
  ids: z.array(z.uuid()).min(1).max(100),
  confirm: z.boolean().default(false),
});
export type TrashFilesBody = z.input<typeof trashFilesBodySchema>;

/** Answer of `POST /api/files/trash`: the files, now in the trash. */
export const trashFilesResponseSchema = okResponse(z.array(cloudFileSchema));
