import { z } from 'zod';
import { withWebScheme } from './profiles.js';

/**
 * Muros: a profile's wall of posts. A post is a draft, scheduled (a job publishes it at
 * `scheduledAt`) or published; the public page shows published posts, pinned first, then newest.
 */
export const WALL_POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export const wallPostStatusSchema = z.enum(WALL_POST_STATUSES);
export type WallPostStatus = z.infer<typeof wallPostStatusSchema>;

/** Longest body a post may carry (HTML, before sanitising). */
export const WALL_POST_BODY_MAX = 20_000;

const link = z.preprocess(withWebScheme, z.url({ protocol: /^https?$/, error: 'validation.invalid_url' }).max(500));

/** Create or replace a post's content. The body is rich text; the server keeps only its allow-list. */
export const wallPostInputSchema = z.object({
  profileId: z.uuid(),
  title: z.string().trim().min(1).max(160),
  bodyHtml: z.string().max(WALL_POST_BODY_MAX).default(''),
  imageFileId: z.uuid().nullable().default(null),
  linkUrl: z.preprocess((v) => (v === '' ? null : v), link.nullable()).default(null),
  pinned: z.boolean().default(false),
});
export type WallPostInput = z.input<typeof wallPostInputSchema>;
export type WallPostValues = z.infer<typeof wallPostInputSchema>;

/** Schedule: an instant, ISO 8601 with its offset (the browser converts the user's time zone). */
export const wallPostScheduleBodySchema = z.object({
  action: z.literal('schedule'),
  at: z.iso.datetime({ offset: true }),
  /** true: also switch the profile's wall on, so that visitors see the post (in the same step). */
  switchWallOn: z.boolean().optional(),
});
/** Publish now, schedule, or take it back to draft. */
export const wallPostPublishBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('publish'), switchWallOn: z.boolean().optional() }),
  wallPostScheduleBodySchema,
  z.object({ action: z.literal('unpublish') }),
]);
export type WallPostPublishBody = z.infer<typeof wallPostPublishBodySchema>;

export const wallPostPinBodySchema = z.object({ pinned: z.boolean() });

export const wallPostSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  title: z.string(),
  bodyHtml: z.string(),
  imageFileId: z.string().nullable(),
  linkUrl: z.string().nullable(),
  pinned: z.boolean(),
  status: wallPostStatusSchema,
  scheduledAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WallPost = z.infer<typeof wallPostSchema>;

/** Pinned first, then newest; keyset pages (`before` is the previous page's `meta.nextCursor`). */
export const wallPostListQuerySchema = z.object({
  profileId: z.uuid(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type WallPostListQuery = z.infer<typeof wallPostListQuerySchema>;

export const wallPostListSchema = z.object({
  ok: z.literal(1),
  data: z.array(wallPostSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export type WallPostList = z.infer<typeof wallPostListSchema>;

/** A published post as the public page shows it; `imageSize` is the image file's own size in pixels (null when unknown). */
export type PublicWallPost = {
  id: string;
  title: string;
  bodyHtml: string;
  imagePath: string | null;
  imageSize: { width: number; height: number } | null;
  linkUrl: string | null;
  pinned: boolean;
  publishedAt: string;
};
/** One page of a public wall; `nextCursor` opens the next (`?posts=`). */
export type PublicWallPage = { posts: PublicWallPost[]; nextCursor: string | null };
