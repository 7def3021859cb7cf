import type { PublicWallPage, WallPost, WallPostListQuery, WallPostPublishBody, WallPostValues } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../lib/errors.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { decodeWallCursor, encodeWallCursor } from './cursor.js';
import type { WallsRepository } from './repository.js';
import type { WallPostRow } from './schema.js';

/** What the walls module asks of others (wired in its module definition, module.ts): the access check, and whether a file is a live image. */
export type WallsDependencies = {
  repo: WallsRepository;
  jobs: Jobs;
  requireAccess: RequireAccess;
  /** Switches the owner's profile's wall on (the profiles module's service). */
  switchWallOn: (actor: Actor, profileId: string) => Promise<void>;
  /** Whether the owner's file is a live image (not in the trash, not a PDF). */
  isLiveImage: (userId: string, fileId: string) => Promise<boolean>;
  /** A live cloud image with its pixel size (the public page sets its box; null when unknown); null when it is not live (in the trash). */
  liveImage: (userId: string, fileId: string) => Promise<{ width: number | null; height: number | null } | null>;
};

/** The box of an image whose pixel size is known. */
const sizeOf = (image: { width: number | null; height: number | null } | null | undefined) =>
  image?.width && image.height ? { width: image.width, height: image.height } : null;

/** Posts the public page shows on its first page, and per "more" page. */
export const PUBLIC_PAGE_SIZE = 10;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toWallPost(row: WallPostRow): WallPost {
  return {
    id: row.id,
    profileId: row.profileId,
    title: row.title,
    bodyHtml: row.bodyHtml,
    imageFileId: row.imageFileId,
    linkUrl: row.linkUrl,
    pinned: row.pinned,
    status: row.status,
    scheduledAt: iso(row.scheduledAt),
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createWallsService({ repo, jobs, requireAccess, isLiveImage, liveImage, switchWallOn }: WallsDependencies) {
  /** The post published now, scheduled (its job enqueued in the same transaction), or back to draft. */
  async function publishOrSchedule(
    actor: Actor,
    id: string,
    existing: WallPostRow,
    body: WallPostPublishBody,
    now: Date,
  ): Promise<WallPost> {
    if (body.action === 'publish')
      return write(actor, id, {
        status: 'published',
        publishedAt: existing.status === 'published' && existing.publishedAt ? existing.publishedAt : now,
        scheduledAt: null,
      });
    if (body.action === 'unpublish') return write(actor, id, { status: 'draft', publishedAt: null, scheduledAt: null });
    const at = new Date(body.at);
    if (at.getTime() <= now.getTime()) throw new AppError('validation.failed', {}, { at: [{ code: 'validation.date_in_past' }] });
    return write(actor, id, { status: 'scheduled', scheduledAt: at, publishedAt: null }, async (row, tx) => {
      await jobs.send('wall.publish', { postId: row.id, scheduledFor: at.toISOString() }, { tx, startAfter: at });
    });
  }

  async function postOf(actor: Actor, id: string): Promise<WallPostRow> {
    await requireAccess(actor, 'wall.post', id);
    return afterAccess(await repo.find(actor.id, id));
  }

  /**
   * The profile and a new image must be the owner's (else 404); the image must be a live image (422:
   * the one the post keeps may be in the trash).
   */
  async function checkReferences(actor: Actor, input: { profileId: string; imageFileId: string | null }, kept: string | null = null) {
    await requireAccess(actor, 'profile', input.profileId);
    const image = input.imageFileId && input.imageFileId !== kept ? input.imageFileId : null;
    if (!image) return;
    await requireAccess(actor, 'file', image);
    if (!(await isLiveImage(actor.id, image)))
      throw new AppError('validation.failed', {}, { imageFileId: [{ code: 'validation.invalid_value' }] });
  }

  /** The post's content from the input: the body through the one allow-list, whatever the client sent. */
  const contentOf = (input: WallPostValues) => ({
    title: input.title,
    bodyHtml: sanitizeRichText(input.bodyHtml),
    imageFileId: input.imageFileId,
    linkUrl: input.linkUrl,
    pinned: input.pinned,
  });

  /** Every write changes the public page: one NOTIFY in the write's transaction drops the cached profile everywhere. */
  async function write(
    actor: Actor,
    id: string,
    values: Partial<WallPostRow>,
    after?: (row: WallPostRow, tx: Transaction) => Promise<void>,
  ) {
    return repo.transaction(async (tx) => {
      const row = afterAccess(await repo.update(tx, actor.id, id, values));
      if (after) await after(row, tx);
      await repo.notifyPublic(tx, actor.id);
      return toWallPost(row);
    });
  }

  return {
    async list(actor: Actor, query: WallPostListQuery) {
      await requireAccess(actor, 'profile', query.profileId);
      const cursor = decodeWallCursor(query.before, 'before');
      const rows = await repo.list(actor.id, query.profileId, cursor, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map((r) => toWallPost(r.post)),
        nextCursor:
          rows.length > query.limit && last ? encodeWallCursor({ pinned: last.post.pinned, at: last.key, id: last.post.id }) : null,
      };
    },

    async get(actor: Actor, id: string): Promise<WallPost> {
      return toWallPost(await postOf(actor, id));
    },

    async create(actor: Actor, input: WallPostValues): Promise<WallPost> {
      await checkReferences(actor, input);
      return repo.transaction(async (tx) => {
        const row = await repo.insert(tx, actor.id, input.profileId, contentOf(input));
        return toWallPost(row);
      });
    },

    /** Replaces the content; the profile a post belongs to does not change. */
    async update(actor: Actor, id: string, input: WallPostValues): Promise<WallPost> {
      const existing = await postOf(actor, id);
      if (existing.profileId !== input.profileId)
        throw new AppError('validation.failed', {}, { profileId: [{ code: 'validation.invalid_value' }] });
      await checkReferences(actor, input, existing.imageFileId);
      return write(actor, id, contentOf(input));
    },

    async pin(actor: Actor, id: string, pinned: boolean): Promise<WallPost> {
      await postOf(actor, id);
      return write(actor, id, { pinned });
    },

    /**
     * Publish now, schedule, or back to draft. Scheduling enqueues `wall.publish` for that time in
     * the same transaction; an earlier job of the same post finds the post no longer scheduled for
     * its time and changes nothing, so rescheduling and unpublishing need not cancel it.
     */
    async publish(actor: Actor, id: string, body: WallPostPublishBody, now = new Date()): Promise<WallPost> {
      const existing = await postOf(actor, id);
      const post = await publishOrSchedule(actor, id, existing, body, now);
      if (body.action !== 'unpublish' && body.switchWallOn) await switchWallOn(actor, existing.profileId);
      return post;
    },

    async trash(actor: Actor, id: string): Promise<WallPost> {
      await postOf(actor, id);
      return write(actor, id, { deletedAt: new Date() });
    },

    /**
     * The `wall.publish` job: publishes the post if it is still scheduled for that time and the time
     * has come. Idempotent: a second run, or a run for an outdated schedule, changes nothing.
     */
    async publishDue(postId: string, scheduledFor: string, now = new Date()): Promise<'published' | 'not-due' | 'outdated'> {
      return repo.transaction(async (tx) => {
        const post = await repo.findAny(postId, tx);
        if (
          !post ||
          post.deletedAt ||
          post.status !== 'scheduled' ||
          post.scheduledAt?.toISOString() !== new Date(scheduledFor).toISOString()
        )
          return 'outdated';
        const row = await repo.publishIfDue(tx, postId, new Date(scheduledFor), now);
        if (!row) return 'not-due';
        await repo.notifyPublic(tx, row.userId);
        return 'published';
      });
    },

    /** Published posts of a profile as the public page shows them (the caller checks that the wall is visible). */
    async publicPage(profileId: string, canonicalPath: string, before: string | null, limit = PUBLIC_PAGE_SIZE): Promise<PublicWallPage> {
      let cursor = null;
      try {
        cursor = decodeWallCursor(before ?? undefined, 'posts');
      } catch {
        cursor = null;
      }
      const rows = await repo.published(profileId, cursor, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      // An image in the trash is not shown (the post keeps it, and shows it again once it is restored).
      const images = await Promise.all(page.map(async ({ post }) => (post.imageFileId ? liveImage(post.userId, post.imageFileId) : null)));
      return {
        posts: page.map(({ post }, i) => ({
          id: post.id,
          title: post.title,
          bodyHtml: post.bodyHtml,
          imagePath:
            post.imageFileId && images[i] ? `/api/public${canonicalPath}/posts/${post.id}/image?v=${post.imageFileId.slice(0, 8)}` : null,
          imageSize: sizeOf(images[i]),
          linkUrl: post.linkUrl,
          pinned: post.pinned,
          publishedAt: post.publishedAt?.toISOString() ?? post.updatedAt.toISOString(),
        })),
        nextCursor: rows.length > limit && last ? encodeWallCursor({ pinned: last.post.pinned, at: last.key, id: last.post.id }) : null,
      };
    },

    /** The owner and image of a published post of this profile (for the public image route); null otherwise. */
    async publicImage(profileId: string, postId: string): Promise<{ userId: string; fileId: string } | null> {
      const post = await repo.findAny(postId);
      if (!post || post.profileId !== profileId || post.deletedAt || post.status !== 'published' || !post.imageFileId) return null;
      return { userId: post.userId, fileId: post.imageFileId };
    },
  };
}

export type WallsService = ReturnType<typeof createWallsService>;
