import type { JobDefinition, JobName, JobPayloads, JobPolicy, Jobs } from './jobs.js';

/**
 * The product's named jobs. Event subscribers' queues (`event.<event>.<subscriber>`) are the event
 * bus's (platform/events.ts); `test.*` are the job queue's own tests'.
 */
export type NamedJob = Exclude<JobName, `event.${string}` | `test.${string}`>;

type ListedJob = JobPolicy & {
  /** Where its handler is: each module's jobs.ts (the mailer's is in modules/communications/mailer.ts). */
  definedIn: string;
  /** A cron schedule (UTC) that enqueues it, run by the processes with workers. */
  schedule?: string;
  /** Defined only with this payment provider (its webhooks' job): other providers have nothing to send it. */
  provider?: 'stripe' | 'redsys';
};

/**
 * Every named job of the product, its retry policy and its schedule, in one list (cal.com's tasker
 * shape): a newcomer finds here what runs in the background and how it is retried, then the handler
 * in the module the entry names. The type makes the list complete — a job whose payload a module
 * declares (`JobPayloads`) and that is missing here does not compile — and `defineJob` is the only
 * way a module defines one, so a policy cannot live anywhere else.
 */
export const JOB_LIST = {
  // Transactional emails: a delivery row per email, the job sends it once (communications/mailer.ts).
  'email.send': { definedIn: 'modules/communications/mailer.ts', retryLimit: 8, retryDelay: 5, retryBackoff: true, concurrency: 2 },
  // A sending campaign's runs: each claims, sends and hands over (sender.ts); retried soon and often.
  'campaign.send': { definedIn: 'modules/campaigns/jobs.ts', retryLimit: 20, retryDelay: 1, retryBackoff: true, concurrency: 2 },
  // A scheduled campaign's start at its time.
  'campaign.start': { definedIn: 'modules/campaigns/jobs.ts', retryLimit: 5, retryDelay: 10 },
  // A scheduled wall post's publication (a clock a little behind the database's retries).
  'wall.publish': { definedIn: 'modules/walls/jobs.ts', retryLimit: 5, retryDelay: 5, retryBackoff: true },
  // Renewals, reminders and dunning due now; a run that leaves more enqueues the next one.
  'renewals.run': { definedIn: 'modules/renewals/jobs.ts', retryLimit: 3, retryDelay: 30, schedule: '* * * * *' },
  // Seats a team's per-seat subscription gained: a minute after its members changed, billed once
  // for the rest of the period (a declined charge is retried by the renewals' dunning instead).
  'payments.add-seats': { definedIn: 'modules/payments/jobs.ts', retryLimit: 5, retryDelay: 30, retryBackoff: true },
  // A payment that waited for the customer's authentication, completed with its own request and key
  // (queued by the customer's confirm when it could not finish, and by a provider's webhook).
  'payments.resume': { definedIn: 'modules/payments/jobs.ts', retryLimit: 8, retryDelay: 10, retryBackoff: true },
  // SEPA debits still settling asked about at the provider: settled (receipt) or returned (undone once).
  'payments.sweep': { definedIn: 'modules/payments/jobs.ts', retryLimit: 3, retryDelay: 60, schedule: '7 * * * *' },
  // A Stripe webhook event: its object's current state read from Stripe and passed on to the payments
  // module once (modules/payments/stripe/webhook-events.ts); retried while Stripe does not answer.
  'payments.stripe-event': {
    definedIn: 'modules/payments/stripe/jobs.ts',
    provider: 'stripe',
    retryLimit: 10,
    retryDelay: 10,
    retryBackoff: true,
  },
  // A Redsys notification verified and applied: its operation's state passed on to the payments module
  // once (modules/payments/redsys/notifications.ts).
  'payments.redsys-event': {
    definedIn: 'modules/payments/redsys/wiring.ts',
    provider: 'redsys',
    retryLimit: 10,
    retryDelay: 10,
    retryBackoff: true,
  },
  // Upload bytes no file row points to (an upload cut short), an hour old or more.
  'cloud.sweep-orphans': { definedIn: 'modules/cloud/jobs.ts', retryLimit: 2, retryDelay: 60, schedule: '23 * * * *' },
  // The trash's automatic purge of what was deleted more than 30 days ago.
  'trash.purge-expired': { definedIn: 'modules/trash/jobs.ts', retryLimit: 3, retryDelay: 300, schedule: '15 3 * * *' },
  // VERI*FACTU mode: an issuer's pending invoice records to the AEAT, in chain order; enqueued with each
  // record, retried with backoff for about half a day (10 s doubling), swept every 10 minutes.
  'invoices.submit-records': {
    definedIn: 'modules/invoices/jobs.ts',
    retryLimit: 12,
    retryDelay: 10,
    retryBackoff: true,
    schedule: '*/10 * * * *',
  },
  // One attempt of a webhook delivery; an endpoint's failure schedules the next attempt itself (its
  // backoff, modules/webhooks/delivery.ts): these retries cover only a worker that died mid-attempt.
  // They give way to requests: while the API process is saturated each waits up to 2 s (a worker
  // process started with `npm run worker` never waits; docs/webhooks.md).
  'webhooks.deliver': {
    definedIn: 'modules/webhooks/jobs.ts',
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    concurrency: 4,
    yieldsToRequestsMs: 2000,
  },
  // Consents past their time without a confirmation expire (double opt-in); their imported contacts leave their lists.
  // Automation steps that fell due (on the product's clock): each person through their step once (automations/advance.ts).
  'automations.advance': { definedIn: 'modules/automations/module.ts', retryLimit: 5, retryDelay: 10, schedule: '* * * * *' },
  'consents.purge': { definedIn: 'modules/audience/module.ts', retryLimit: 3, retryDelay: 300, schedule: '25 3 * * *' },
  // Owners' sending domains verified once, their DNS records read again: one whose records went away
  // is no longer used (its campaigns go out "via Enlaza" until it is fixed).
  'sending-domains.recheck': { definedIn: 'modules/sending-domains/module.ts', retryLimit: 3, retryDelay: 300, schedule: '50 4 * * *' },
  // Custom domains verified once, their records read again: one whose records went away stops being served.
  'custom-domains.recheck': { definedIn: 'modules/custom-domains/module.ts', retryLimit: 3, retryDelay: 300, schedule: '55 4 * * *' },
  // One attempt of a lead to a CRM; a 429, a 5xx or the network schedules the next attempt itself (its
  // backoff and the vendor's Retry-After, modules/crm/sync.ts): these retries cover a worker that died mid-attempt.
  'crm.sync': { definedIn: 'modules/crm/module.ts', retryLimit: 5, retryDelay: 5, retryBackoff: true, concurrency: 2 },
  // The webhook delivery log's purge of what is older than 30 days.
  'webhooks.purge': { definedIn: 'modules/webhooks/jobs.ts', retryLimit: 3, retryDelay: 300, schedule: '40 3 * * *' },
  // NO VERI*FACTU: the daily summary event of the invoice event log (invoices/verifactu/event-log.ts).
  'invoices.event-summary': {
    definedIn: 'modules/invoices/verifactu/no-verifactu.ts',
    retryLimit: 3,
    retryDelay: 300,
    schedule: '55 23 * * *',
  },
} satisfies Record<NamedJob, ListedJob>;

/** Defines a listed job with its policy from JOB_LIST and its handler, and its schedule if it has one. */
export async function defineJob<N extends NamedJob>(jobs: Jobs, name: N, handler: JobDefinition<JobPayloads[N]>['handler']): Promise<void> {
  const { definedIn: _where, provider: _provider, schedule, ...policy } = JOB_LIST[name] as ListedJob;
  await jobs.define(name, { ...policy, handler });
  if (schedule) await jobs.schedule(name, schedule, {} as JobPayloads[N]);
}
