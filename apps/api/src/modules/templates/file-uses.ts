import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { FileUse } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import type { FileUseProvider } from '../../platform/file-use-registry.js';
import { emailImageLikePattern, emailImageMarker } from '../cloud/index.js';
import { emailTemplates } from './schema.js';

/** Where the owner's live email templates use a cloud file: an image of the email, at its public address. */
export function createTemplatesFileUses(db: Database): FileUseProvider {
  return {
    kinds: ['email_template'],
    async usesOf(userId, fileIds) {
      const rows = await db
        .select({ id: emailTemplates.id, name: emailTemplates.name, bodyHtml: emailTemplates.bodyHtml })
        .from(emailTemplates)
        .where(
          and(
            eq(emailTemplates.userId, userId),
            isNull(emailTemplates.deletedAt),
            or(...fileIds.map((id) => like(emailTemplates.bodyHtml, emailImageLikePattern(id)))),
          ),
        );
      return rows.flatMap((row) =>
        fileIds
          .filter((fileId) => row.bodyHtml.includes(emailImageMarker(fileId)))
          .map((fileId): FileUse => ({
            fileId,
            kind: 'email_template',
            id: row.id,
            name: row.name,
            role: 'image',
            href: `/user/plantillas?edit=${row.id}`,
          })),
      );
    },
  };
}
