import {
  MERGE_FIELD_NAMES,
  MERGE_FIELDS,
  type Locale,
  type MergeValues,
  type SendQuota,
  type Template,
  type TemplateInput,
  type TemplateListQuery,
  type TemplatePreview,
  type TemplatePreviewBody,
} from '@enlaza/contracts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import type { Actor } from '../../platform/actor.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import { unknownMergeFields } from '../../platform/merge-fields.js';
import { htmlToPlainText, sanitizeEmailHtml } from '../../platform/rich-text.js';
import { renderTemplate, type TemplateContent } from './render.js';
import type { TemplateRow, TemplatesRepository } from './repository.js';
import { shortProfileLink } from '../../lib/public-links.js';

/** What the templates module asks of others (wired in its module definition, module.ts). */
export type TemplatesDependencies = {
  repo: TemplatesRepository;
  requireAccess: RequireAccess;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  sendQuota: (actor: Actor) => Promise<SendQuota>;
  /** Raises the 80 % / 100 % notification of the monthly sends. */
  sendsChanged: (userId: string, change: { before: number; after: number; limit: number; period: string }) => Promise<void>;
};

const SAMPLE_NAMES: Record<Locale, string> = { en: 'Alex Morgan', es: 'María García', jp: '山田 花子' };

export function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    bodyHtml: row.bodyHtml,
    bodyText: row.bodyText,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored form of a template: the body through the one allow-list and its plain-text part. Refuses unknown merge fields. */
export function templateContent(input: { subject: string; bodyHtml: string }, locale: Locale = 'es'): TemplateContent {
  const bodyHtml = sanitizeEmailHtml(input.bodyHtml);
  // The fields as the author's language names them (any language's names are accepted).
  const known = MERGE_FIELDS.map((f) => `{{${MERGE_FIELD_NAMES[locale][f]}}}`).join(', ');
  const fields: Record<string, { code: string; params: { field: string; known: string } }[]> = {};
  const unknown: string[] = [];
  for (const [key, text] of [
    ['subject', input.subject],
    ['bodyHtml', bodyHtml],
  ] as const) {
    const names = unknownMergeFields(text);
    if (names.length)
      fields[key] = names.map((field) => ({ code: 'validation.unknown_merge_field', params: { field: `{{${field}}}`, known } }));
    unknown.push(...names.filter((n) => !unknown.includes(n)));
  }
  if (unknown.length) throw new AppError('template.unknown_field', { field: unknown.map((n) => `{{${n}}}`).join(', '), known }, fields);
  return { subject: input.subject, bodyHtml, bodyText: htmlToPlainText(bodyHtml) };
}

/** The signed-in account's own address, name and alias (a test goes to oneself only; the preview uses them as sample values). */
export type Me = { email: string; name: string; alias: string };

export function createTemplatesService({ repo, requireAccess, mailer, publicUrl, sendQuota, sendsChanged }: TemplatesDependencies) {
  async function templateOf(actor: Actor, id: string): Promise<TemplateRow> {
    await requireAccess(actor, 'template', id);
    return afterAccess(await repo.find(actor.id, id));
  }

  /** Sample values: the viewer's own name and address when known, example links. */
  function sampleValues(locale: Locale, me?: Me): MergeValues {
    return {
      nombre: me?.name ?? SAMPLE_NAMES[locale],
      email: me?.email ?? 'someone@example.com',
      perfil_url: shortProfileLink(publicUrl, me?.alias ?? 'example'),
      baja_url: `${publicUrl}/unsubscribe/example`,
    };
  }

  return {
    async list(actor: Actor, query: TemplateListQuery) {
      const cursor = decodeCursor(query.before, 'before');
      const rows = await repo.list(actor.id, query.search, cursor, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map((r) => toTemplate(r.template)),
        nextCursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.key, id: last.template.id }) : null,
      };
    },

    get: async (actor: Actor, id: string) => toTemplate(await templateOf(actor, id)),

    async create(actor: Actor, input: TemplateInput): Promise<Template> {
      return toTemplate(await repo.insert(actor.id, { name: input.name, ...templateContent(input, actor.locale) }));
    },

    async update(actor: Actor, id: string, input: TemplateInput): Promise<Template> {
      await requireAccess(actor, 'template', id);
      const row = afterAccess(await repo.update(actor.id, id, { name: input.name, ...templateContent(input, actor.locale) }));
      return toTemplate(row);
    },

    async trash(actor: Actor, id: string): Promise<Template> {
      await requireAccess(actor, 'template', id);
      const row = afterAccess(await repo.update(actor.id, id, { deletedAt: new Date() }));
      return toTemplate(row);
    },

    /** The editor's current subject and body rendered with sample values, by the same renderer as every send. */
    async preview(actor: Actor, me: Me, input: TemplatePreviewBody): Promise<TemplatePreview> {
      const content = templateContent(input, actor.locale);
      return renderTemplate(content, sampleValues(actor.locale, me), actor.locale);
    },

    /**
     * Sends the saved template to the account's own address (a `test` delivery through the queue,
     * counted in the monthly sends; refused with the numbers when none are left).
     */
    async sendTest(actor: Actor, me: Me, id: string): Promise<{ to: string }> {
      const row = await templateOf(actor, id);
      const quota = await sendQuota(actor);
      if (quota.remaining <= 0) throw new AppError('quota.sends', { limit: quota.limit, used: quota.used });
      const email = renderTemplate(row, sampleValues(actor.locale, me), actor.locale);
      await mailer.send({ to: me.email, userId: actor.id, kind: 'test', ...email });
      await sendsChanged(actor.id, {
        before: quota.used,
        after: quota.used + 1,
        limit: quota.limit,
        period: quota.periodStart.slice(0, 7),
      }).catch(() => undefined);
      return { to: me.email };
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
