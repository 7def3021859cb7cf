import { z } from 'zod';

/** Plantillas: email templates (subject and rich-text body with merge fields, see merge-fields.ts). */
export const TEMPLATE_BODY_MAX = 100_000;

export const templateInputSchema = z.object({
  name: z.string().trim().min(1).max(120),
  subject: z.string().trim().min(1).max(200),
  bodyHtml: z.string().max(TEMPLATE_BODY_MAX),
});
export type TemplateInput = z.infer<typeof templateInputSchema>;

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  bodyHtml: z.string(),
  /** The plain-text part, generated from the HTML. */
  bodyText: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

/** Most recently edited first; `search` looks in the name and subject; keyset pages. */
export const templateListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

export const templateListSchema = z.object({
  ok: z.literal(1),
  data: z.array(templateSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export type TemplateList = z.infer<typeof templateListSchema>;

/** What the preview renders: the editor's current (unsaved) subject and body. */
export const templatePreviewBodySchema = z.object({
  subject: z.string().max(200).default(''),
  bodyHtml: z.string().max(TEMPLATE_BODY_MAX).default(''),
});
export type TemplatePreviewBody = z.infer<typeof templatePreviewBodySchema>;

/** The email as a recipient would get it, with sample values: a full HTML document, its text part and subject. */
export const templatePreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

export const templateTestSendSchema = z.object({ to: z.string() });
export type TemplateTestSend = z.infer<typeof templateTestSendSchema>;
