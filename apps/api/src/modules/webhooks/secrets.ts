import { WEBHOOK_SECRET_PREFIX } from '@enlaza/contracts';
import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { secretBox } from '../../lib/secret-box.js';
import { webhookEndpoints } from './schema.js';

/**
 * Endpoints' signing secrets, kept encrypted as TOTP secrets are (lib/secret-box.ts): the HMAC needs
 * the secret itself on every delivery, so it cannot be hashed, and a copy of the database must not be
 * enough to sign events an owner's receiver would trust.
 */
export function createWebhookSecrets(db: Database, appSecret: string) {
  const box = secretBox(appSecret, 'webhook-secret');
  return {
    seal: (secret: string) => box.seal(secret),
    /** The secret of a stored value: sealed, or one kept in clear before secrets were encrypted and not yet sealed. */
    open: (stored: string) => (stored.startsWith(WEBHOOK_SECRET_PREFIX) ? stored : box.open(stored)),

    /**
     * Seals the secrets kept in clear before they were encrypted (at start-up, so a database of any
     * age is sealed). Each row changes only if it still holds what was read: processes starting
     * together seal each secret once.
     */
    async sealStoredInClear(): Promise<number> {
      const rows = await db
        .select({ id: webhookEndpoints.id, stored: webhookEndpoints.secretEncrypted })
        .from(webhookEndpoints)
        .where(like(webhookEndpoints.secretEncrypted, `${WEBHOOK_SECRET_PREFIX}%`));
      for (const row of rows)
        await db
          .update(webhookEndpoints)
          .set({ secretEncrypted: box.seal(row.stored) })
          .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secretEncrypted, row.stored)));
      return rows.length;
    },
  };
}

export type WebhookSecrets = ReturnType<typeof createWebhookSecrets>;
