import type { EventBus } from '../../platform/events.js';
import type { NotificationsService } from './service.js';

/**
 * The notifications raised by other modules' events, each after its writer's transaction committed
 * (events are delivered at least once). Each is stored under a source key naming what raised it —
 * the record and the moment, not the delivery — so a retried delivery, or the same fact published
 * twice, stores one notification and one email.
 */
export async function subscribeNotifications(
  events: EventBus,
  service: NotificationsService,
  admins: () => Promise<string[]>,
): Promise<void> {
  const notify = service.notify;
  // A visitor's message: the owner's notification (and its email). One message, one delivery.
  await events.subscribe('message.received', 'notify-owner', async ({ userId, ...message }, { deliveryKey }) => {
    await notify(userId, 'new_message', message, undefined, deliveryKey);
  });
  // A lost tag opened: once an hour per tag at most (the key), in-app and by email (service.ts).
  await events.subscribe('tag.scanned_lost', 'notify-owner', async ({ userId, profileId, profileName, at }) => {
    await notify(userId, 'tag_scanned', { profileId, profileName, at }, undefined, `tag-scanned:${profileId}:${at.slice(0, 13)}`);
  });
  // The storage thresholds (80 %, 100 %) a new file crossed; the delivery key keeps a retry from raising one twice.
  await events.subscribe('file.uploaded', 'notify-storage', async ({ userId, sizeBytes, usedBytesBefore, limitBytes }, { deliveryKey }) => {
    await service.usageChanged(
      userId,
      'storage',
      { before: usedBytesBefore, after: usedBytesBefore + sizeBytes, limit: limitBytes },
      deliveryKey,
    );
  });

  // The monthly sends' thresholds (80 %, 100 %), once per month each; the delivery key keeps a retry from raising one twice.
  await events.subscribe('sends.counted', 'notify-sends', async ({ userId, ...usage }, { deliveryKey }) => {
    await service.usageChanged(userId, 'sends', usage, deliveryKey);
  });

  await events.subscribe('campaign.finished', 'notify-owner', async ({ campaignId, userId, campaignName, sent, failed, bounced }) => {
    await notify(
      userId,
      'campaign_finished',
      { campaignId, campaignName, sent, failed: failed + bounced },
      undefined,
      `campaign-finished:${campaignId}`,
    );
  });
  await events.subscribe('campaign.start_failed', 'notify-owner', async ({ userId, ...failed }) => {
    await notify(userId, 'campaign_start_failed', failed, undefined, `campaign-start-failed:${failed.campaignId}:${failed.scheduledAt}`);
  });
  await events.subscribe('campaign.stalled', 'notify-owner', async ({ userId, ...stall }) => {
    await notify(userId, 'campaign_stalled', stall, undefined, `campaign-stalled:${stall.campaignId}:${stall.since}`);
  });
  await events.subscribe('campaigns.paused', 'notify-owner', async ({ userId, campaigns, rate, limit, complaints }) => {
    const key = `campaigns-paused:${campaigns.map((c) => c.id).join(',')}`;
    await notify(userId, 'campaigns_paused', { campaigns: campaigns.map((c) => c.name), rate, limit, complaints }, undefined, key);
  });

  await events.subscribe('payment.failed', 'notify-customer', async ({ userId, paymentId, amountCents, currency }) => {
    await notify(userId, 'payment_failed', { paymentId, amountCents, currency }, undefined, `payment:${paymentId}`);
  });
  await events.subscribe('payment.succeeded', 'notify-customer', async ({ userId, paymentId, amountCents, currency }) => {
    await notify(userId, 'payment_succeeded', { paymentId, amountCents, currency }, undefined, `payment:${paymentId}`);
  });
  // A disputed payment: every active admin, in-app (the customer started it and is told nothing). One per admin and dispute.
  await events.subscribe(
    'payment.disputed',
    'notify-admins',
    async ({ userId, paymentId, subscriptionId, disputeId, amountCents, currency, reason, evidenceDueBy }) => {
      const payload = { paymentId, customerUserId: userId, subscriptionId, reason, evidenceDueBy, amountCents, currency };
      for (const admin of await admins())
        await notify(admin, 'payment_disputed', payload, undefined, `payment-disputed:${disputeId}:${admin}`);
    },
  );
  await events.subscribe('invoice.issued', 'notify-customer', async ({ userId, invoiceId, number, totalCents, currency }) => {
    await notify(userId, 'invoice_issued', { invoiceId, number, totalCents, currency }, undefined, `invoice-issued:${invoiceId}`);
  });
  await events.subscribe(
    'renewal.no_payment_method',
    'notify-customer',
    async ({ userId, subscriptionId, planName, periodEnd, attempt }) => {
      const key = `renewal-no-method:${subscriptionId}:${periodEnd}:${attempt}`;
      await notify(userId, 'payment_failed', { subscriptionId, planName, reason: 'no_method' }, undefined, key);
    },
  );
  await events.subscribe('renewal.reminder_due', 'notify-customer', async ({ userId, subscriptionId, planName, endsAt }) => {
    await notify(
      userId,
      'subscription_ending',
      { subscriptionId, planName, endsAt },
      undefined,
      `renewal-reminder:${subscriptionId}:${endsAt}`,
    );
  });
}
