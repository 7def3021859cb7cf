import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { appSettings } from '../platform/schema.js';
import { randomToken } from './crypto.js';

/**
 * The key that signs CSRF tokens. APP_SECRET wins; otherwise one is generated once and kept in the
 * database, so every API process on that database shares it and it survives restarts.
 */
export async function loadAppSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'app_secret', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, 'app_secret'));
  if (!row) throw new Error('app_secret could not be stored');
  return row.value;
}
