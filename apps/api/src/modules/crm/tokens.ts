import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { CrmOAuth } from './oauth.js';
import { crmConnections } from './schema.js';
import { VendorError } from './vendor-http.js';

export type ConnectionRow = typeof crmConnections.$inferSelect;
/** An access token is refreshed this long before HubSpot says it expires. */
const EARLY_MS = 60_000;

/**
 * A connection's access token: the stored one while it lasts, else a refreshed one (stored sealed
 * at once). A refresh the vendor refuses as such (a revoked app, a removed user: 400 or 401) marks
 * the connection `reconnect`: nothing more is sent until its owner connects again.
 */
export function createCrmTokens(db: Database, oauth: CrmOAuth, box: SecretBox) {
  async function refresh(connection: ConnectionRow): Promise<{ token: string; instanceUrl: string | null }> {
    try {
      const fresh = await oauth.refresh(connection.provider, box.open(connection.refreshTokenSealed));
      await db
        .update(crmConnections)
        .set({
          accessTokenSealed: box.seal(fresh.accessToken),
          refreshTokenSealed: box.seal(fresh.refreshToken),
          accessExpiresAt: fresh.expiresAt,
          ...(fresh.instanceUrl ? { instanceUrl: fresh.instanceUrl } : {}),
        })
        .where(eq(crmConnections.id, connection.id));
      return { token: fresh.accessToken, instanceUrl: fresh.instanceUrl ?? connection.instanceUrl };
    } catch (error) {
      if (error instanceof VendorError && !error.retry) {
        await db.update(crmConnections).set({ status: 'reconnect' }).where(eq(crmConnections.id, connection.id));
        throw new VendorError(`The CRM refused the connection's refresh token (${error.message}): connect it again`, error.status, false);
      }
      throw error;
    }
  }

  return {
    refresh,
    async current(connection: ConnectionRow): Promise<{ token: string; instanceUrl: string | null }> {
      if (connection.accessExpiresAt && connection.accessExpiresAt.getTime() - EARLY_MS <= Date.now()) return refresh(connection);
      return { token: box.open(connection.accessTokenSealed), instanceUrl: connection.instanceUrl };
    },
  };
}

export type CrmTokens = ReturnType<typeof createCrmTokens>;
