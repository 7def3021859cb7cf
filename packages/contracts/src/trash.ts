import { z } from 'zod';

/** What can be in the trash (papelera). */
export const TRASH_KINDS = ['card', 'tag', 'message', 'file', 'wall_post', 'email_template', 'campaign'] as const;
export const trashKindSchema = z.enum(TRASH_KINDS);
export type TrashKind = z.infer<typeof trashKindSchema>;

/** Days an item stays in the trash before it is deleted for good. */
export const TRASH_RETENTION_DAYS = 30;

/** One soft-deleted item as the trash lists it. */
export const trashItemSchema = z.object({
  kind: trashKindSchema,
  id: z.string(),
  /** The card's or tag's name, the sender of a message, the file's name. */
  name: z.string(),
  /** A short line of context: a message's first words and its card, a file's size and type. */
  summary: z.string().nullable(),
  deletedAt: z.string(),
  /** When the automatic purge deletes it: `deletedAt` + TRASH_RETENTION_DAYS. */
  purgeAt: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

/** Newest deletions first, in keyset pages (`before` is the previous page's `nextCursor`). */
export const trashListQuerySchema = z.object({
  kind: trashKindSchema.optional(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type TrashListQuery = z.infer<typeof trashListQuerySchema>;
export type TrashListQueryInput = z.input<typeof trashListQuerySchema>;

export const trashListSchema = z.object({
  ok: z.literal(1),
  data: z.array(trashItemSchema),
  nextCursor: z.string().nullable(),
});
export type TrashList = z.infer<typeof trashListSchema>;

export const trashItemParamsSchema = z.object({ kind: trashKindSchema, id: z.uuid() });

/** Empties the whole trash, or only one kind of it. */
export const trashEmptyQuerySchema = z.object({ kind: trashKindSchema.optional() });

export const trashCountSchema = z.object({ deleted: z.number().int() });
export type TrashCount = z.infer<typeof trashCountSchema>;
