import type { DomainEventName, DomainEvents, WebhookEventType, WebhookPayload } from '@enlaza/contracts';
import type { EventBus } from '../../platform/events.js';
import type { WebhookDeliverer } from './delivery.js';
import { webhookEventId } from './signing.js';

/** What a webhook event is made of: the domain event it follows, and its owner and `data` from that event's payload. */
type Source<E extends DomainEventName, T extends WebhookEventType> = {
  type: T;
  data: (payload: DomainEvents[E]) => WebhookPayload<T>['data'];
};

const SOURCES: { [E in DomainEventName]?: Source<E, WebhookEventType> } = {
  'message.received': {
    type: 'message.received',
    data: (p: DomainEvents['message.received']) => ({
      messageId: p.messageId,
      profileId: p.profileId,
      profileName: p.profileName,
      profileKind: p.profileKind,
      senderName: p.senderName,
      senderEmail: p.senderEmail,
      excerpt: p.excerpt,
    }),
  },
  'contact.consented': {
    type: 'contact.consented',
    data: (p: DomainEvents['contact.consented']) => ({ messageId: p.messageId, profileId: p.profileId, name: p.name, email: p.email }),
  },
  'tag.scanned_lost': {
    type: 'tag.scanned_lost',
    data: (p: DomainEvents['tag.scanned_lost']) => ({ profileId: p.profileId, profileName: p.profileName, at: p.at }),
  },
  'location.shared': {
    type: 'location.shared',
    data: (p: DomainEvents['location.shared']) => ({
      messageId: p.messageId,
      profileId: p.profileId,
      latitude: p.lat,
      longitude: p.lng,
      accuracy: p.accuracy,
    }),
  },
  'campaign.finished': {
    type: 'campaign.finished',
    data: (p: DomainEvents['campaign.finished']) => ({
      campaignId: p.campaignId,
      campaignName: p.campaignName,
      sent: p.sent,
      failed: p.failed,
      bounced: p.bounced,
    }),
  },
  'invoice.issued': {
    type: 'invoice.issued',
    data: (p: DomainEvents['invoice.issued']) => ({
      invoiceId: p.invoiceId,
      number: p.number,
      kind: p.kind,
      totalCents: p.totalCents,
      currency: p.currency,
    }),
  },
  'payment.failed': {
    type: 'payment.failed',
    data: (p: DomainEvents['payment.failed']) => ({ paymentId: p.paymentId, amountCents: p.amountCents, currency: p.currency }),
  },
  'payment.disputed': {
    type: 'payment.disputed',
    data: (p: DomainEvents['payment.disputed']) => ({
      paymentId: p.paymentId,
      disputeId: p.disputeId,
      amountCents: p.amountCents,
      currency: p.currency,
      reason: p.reason,
      status: p.status,
      evidenceDueBy: p.evidenceDueBy,
    }),
  },
  'payment.dispute_closed': {
    type: 'payment.dispute_closed',
    data: (p: DomainEvents['payment.dispute_closed']) => ({
      paymentId: p.paymentId,
      disputeId: p.disputeId,
      amountCents: p.amountCents,
      currency: p.currency,
      outcome: p.outcome,
      creditNoteNumber: p.creditNoteNumber,
    }),
  },
  // A subscription's end (cancelled or expired) is the change the domain announces today.
  'subscription.ended': {
    type: 'subscription.changed',
    data: (p: DomainEvents['subscription.ended']) => ({
      subscriptionId: p.subscriptionId,
      change: 'ended',
      reason: p.reason,
      at: p.endedAt,
    }),
  },
};

/** The domain events webhooks follow (one queue, `event.webhooks`): each fans out to the owner's endpoints. */
export async function subscribeWebhooks(events: EventBus, deliverer: WebhookDeliverer): Promise<void> {
  const names = Object.keys(SOURCES) as DomainEventName[];
  await events.subscribeAll(names, 'webhooks', async (event, payload, { deliveryKey, publishedAt }) => {
    const source = SOURCES[event] as Source<typeof event, WebhookEventType> | undefined;
    const userId = (payload as { userId?: string | null }).userId;
    if (!source || !userId) return;
    await deliverer.fanOut(userId, source.type, webhookEventId(deliveryKey), publishedAt, source.data(payload));
  });
}
