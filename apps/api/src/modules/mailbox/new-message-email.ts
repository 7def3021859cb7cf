import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { messages, profiles, users } from '../../db/schema/index.js';
import { renderNewMessageEmail } from '../../lib/email-templates.js';
import type { Mailer } from '../../lib/mailer.js';
import type { EventBus } from '../../platform/events.js';

/**
 * The owner's "new message" email: a subscriber of `message.received`, so it is sent only for a
 * message that was committed, and survives a crash. The delivery key makes a retried run enqueue
 * the email once.
 */
export function subscribeNewMessageEmail(db: Database, events: EventBus, mailer: Mailer, publicUrl: string): Promise<void> {
  return events.subscribe('message.received', 'owner-email', async ({ messageId }, { deliveryKey }) => {
    const [found] = await db
      .select({ message: messages, profileName: profiles.name, owner: { name: users.name, email: users.email, locale: users.locale, notificationEmails: users.notificationEmails } })
      .from(messages)
      .innerJoin(profiles, eq(profiles.id, messages.profileId))
      .innerJoin(users, eq(users.id, messages.userId))
      .where(eq(messages.id, messageId));
    // Deleted since (the profile or the account): nothing to tell.
    if (!found || !found.owner.notificationEmails.includes('new_message')) return;
    const { message, owner } = found;
    const email = renderNewMessageEmail(owner.locale ?? 'en', {
      ownerName: owner.name, profileName: found.profileName, senderName: message.name, senderEmail: message.email, body: message.body, link: `${publicUrl}/user/buzon/${message.profileId}`,
    });
    await mailer.send({ to: owner.email, userId: message.userId, kind: 'system', replyTo: message.email, ...email }, { idempotencyKey: deliveryKey });
  });
}
