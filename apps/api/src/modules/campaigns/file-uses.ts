import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { FileUse } from '@enlaza/contracts';
import type { Database } from '../../db/client.js';
import type { FileUseProvider } from '../../platform/file-use-registry.js';
import { emailImageLikePattern, emailImageMarker } from '../cloud/index.js';
import { campaigns } from './schema.js';

/**
 * Where the owner's live campaigns use a cloud file: an image of the email they copied from their
 * template (scheduled, sending or sent: emails already delivered load it whenever they are opened).
 */
export function createCampaignsFileUses(db: Database): FileUseProvider {
  return {
    kinds: ['campaign'],
    async usesOf(userId, fileIds) {
      const rows = await db
        .select({ id: campaigns.id, name: campaigns.name, bodyHtml: campaigns.bodyHtml })
        .from(campaigns)
        .where(
          and(
            eq(campaigns.userId, userId),
            isNull(campaigns.deletedAt),
            or(...fileIds.map((id) => like(campaigns.bodyHtml, emailImageLikePattern(id)))),
          ),
        );
      return rows.flatMap((row) =>
        fileIds
          .filter((fileId) => row.bodyHtml?.includes(emailImageMarker(fileId)))
          .map((fileId): FileUse => ({
            fileId,
            kind: 'campaign',
            id: row.id,
            name: row.name,
            role: 'image',
            href: `/user/campanas?id=${row.id}`,
          })),
      );
    },
  };
}
