import { defineJob } from '../../platform/job-list.js';
import type { Jobs } from '../../platform/jobs.js';
import type { EventBus } from '../../platform/events.js';
import type { Clock } from '../../platform/clock.js';
import type { PaymentsService } from './service.js';

/**
 * Seats added to a team: each change of a team's active members (`team.members_changed`, published
 * in the join's or removal's transaction) queues a look at its owner's subscription a little later
 * (`SEAT_ADDITION_DELAY_SECONDS`, so members who join together are billed on one invoice); the job
 * bills the seats gained, once (seat-additions.ts). A removal queues one too: it finds nothing to bill.
 */
export async function definePaymentsJobs(
  payments: PaymentsService,
  deps: { jobs: Jobs; events: Pick<EventBus, 'subscribe'>; clock: Pick<Clock, 'now'>; providerEventsRetentionDays: number },
) {
  await defineJob(deps.jobs, 'payments.add-seats', async ({ userId, at }) => {
    // Another run holds the subscription's seats: look again once it is done.
    if ((await payments.addSeats(userId, new Date(at))) === 'busy') await payments.queueSeatCheck(userId, new Date(at), undefined, 30);
  });
  // A payment authenticated since (the customer's confirm fell through, or a provider's webhook): completed once.
  await defineJob(deps.jobs, 'payments.resume', async ({ paymentId }) => {
    await payments.resumePayment(paymentId);
  });
  // SEPA debits still settling: each asked about, settled or undone once. Then the providers' webhook
  // events past their retention are deleted (this module's own cleanup: it owns the table).
  await defineJob(deps.jobs, 'payments.sweep', async (_payload, { log }) => {
    const swept = await payments.sweep();
    if (swept.settled + swept.reversed > 0) log.info(swept, 'payments sweep');
    const purged = await payments.purgeProviderEvents(deps.clock.now(), deps.providerEventsRetentionDays);
    if (purged > 0) log.info({ purged }, 'provider webhook events purged');
  });
  await deps.events.subscribe('team.members_changed', 'bill-seats', async ({ ownerId }) => {
    await payments.queueSeatCheck(ownerId, deps.clock.now());
  });
}
