import { SECRET_LINK_KINDS } from '../../platform/mailer.js';
import type { Delivery, DeliveryDetail, DeliveryFilter, DeliveryListQuery } from '@enlaza/contracts';
import { csvRow } from '../../lib/csv.js';
import { decodeCursor, encodeCursor, type KeysetCursor } from '../../lib/keyset-cursor.js';
import type { Actor } from '../../platform/actor.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { CommunicationsRepository, DeliveryRow } from './repository.js';

const CSV_PAGE = 1000;

const toDelivery = (r: DeliveryRow): Delivery => ({
  id: r.id,
  kind: r.kind,
  toEmail: r.toEmail,
  subject: r.subject,
  status: r.status,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  hasBody: Boolean(r.hasBody),
});

/** Comunicaciones: every outbound message of the user (campaign, reply, test, system). Another user's delivery is 404. */
export function createCommunicationsService(repo: CommunicationsRepository, requireAccess: RequireAccess) {
  async function* csvLines(userId: string, filter: DeliveryFilter): AsyncGenerator<string> {
    yield `\uFEFF${csvRow(['date', 'sent_at', 'kind', 'status', 'recipient', 'subject', 'error'])}`;
    let cursor: KeysetCursor | null = null;
    for (;;) {
      const rows = await repo.page(userId, filter, cursor, CSV_PAGE);
      const page = rows.slice(0, CSV_PAGE);
      yield page
        .map((r) =>
          csvRow([r.createdAt.toISOString(), r.sentAt?.toISOString() ?? '', r.kind, r.status, r.toEmail, r.subject, r.error ?? '']),
        )
        .join('');
      const last = page.at(-1);
      if (rows.length <= CSV_PAGE || !last) return;
      cursor = { createdAt: last.createdAtText, id: last.id };
    }
  }

  return {
    async list(actor: Actor, query: DeliveryListQuery): Promise<{ data: Delivery[]; nextCursor: string | null }> {
      const { cursor, limit, ...filter } = query;
      const rows = await repo.page(actor.id, filter, decodeCursor(cursor, 'cursor'), limit);
      const data = rows.slice(0, limit);
      const last = data.at(-1);
      return {
        data: data.map(toDelivery),
        nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAtText, id: last.id }) : null,
      };
    },

    /** One delivery with the message as sent; a system or confirmation email's body is never shown (it may hold a secret link). */
    async get(actor: Actor, id: string): Promise<DeliveryDetail> {
      await requireAccess(actor, 'delivery', id);
      const row = afterAccess(await repo.find(actor.id, id));
      const shown = !SECRET_LINK_KINDS.includes(row.kind);
      return { ...toDelivery(row), bodyHtml: shown ? row.bodyHtml : null, bodyText: shown ? row.bodyText : null };
    },

    /** The filtered deliveries as CSV lines (BOM first; cells neutralised against formulas), read page by page. */
    csv: (actor: Actor, filter: DeliveryFilter) => csvLines(actor.id, filter),
  };
}

export type CommunicationsService = ReturnType<typeof createCommunicationsService>;
