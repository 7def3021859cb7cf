import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs.js';
import type { EventBus } from '../../platform/events.js';
import type { Metrics } from '../../platform/metrics.js';
import type { PaymentsService } from '../payments/index.js';
import { defineModule } from '../../platform/modules.js';
import { subscribeCustomerEmails } from './customer-emails.js';
import { defineRenewalsJobs } from './jobs.js';
import { createRenewalsRepository } from './repository.js';
import { testClockRoutes } from './routes.js';
import { createRenewalsService, type RenewalsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The renewal engine (the worker entry, tests and the benchmark run it). */
    renewals: RenewalsService;
  }
}

/**
 * The renewals module: the recurring `renewals.run` job (every minute; one run at a time per
 * process, claims keep several processes apart) and the engine the test clock's advance runs.
 */
async function createRenewals(deps: {
  database: DatabaseHandle;
  jobs: Jobs;
  clock: Clock;
  payments: PaymentsService;
  events: Pick<EventBus, 'publish'>;
  log: FastifyBaseLogger;
  leaseSeconds: number;
  timeZone: string;
  metrics: Metrics;
}): Promise<RenewalsService> {
  const renewals = createRenewalsService({
    repo: createRenewalsRepository(deps.database.db),
    clock: deps.clock,
    payments: deps.payments,
    events: deps.events,
    log: deps.log,
    leaseSeconds: deps.leaseSeconds,
    timeZone: deps.timeZone,
    metrics: deps.metrics,
  });
  // On PGlite one process owns the data: leases left by a process that died are free now.
  if (deps.database.kind === 'pglite' && deps.jobs.working) await renewals.releaseAllLeases();
  await defineRenewalsJobs(renewals, deps);
  return renewals;
}

/** After the queue started: catch up at once (after a restart, what fell due meanwhile) instead of at the next minute. */
async function kickRenewals(jobs: Jobs): Promise<void> {
  if (jobs.working) await jobs.send('renewals.run', {}, { singletonKey: 'renewals.run.next' });
}

declare module '../../platform/modules.js' {
  interface Services {
    renewals: RenewalsService;
  }
}

/** A past-due subscription is retried as soon as its owner picks a new default card (the payments module calls this). */
function retryWhenTheCardChanges(renewals: RenewalsService, log: FastifyBaseLogger) {
  return async (userId: string): Promise<void> => {
    try {
      await renewals.retryNow(userId);
    } catch (error) {
      // The card is saved either way; the scheduled retries still come.
      log.error({ err: error, user: userId }, 'retrying a past-due renewal failed');
    }
  };
}

/**
 * The renewal engine (its job runs at once when the app is ready), the retry of a past-due
 * subscription when its owner picks a new default card, and the admin's test clock (404 when
 * TEST_CLOCK_ENABLED is off).
 */
export const renewalsModule = defineModule({
  name: 'renewals',
  provides: ['defaultMethodChanged'],
  async build({ database, jobs, events, clock, log, config, mailer, metrics, services: { payments } }) {
    const renewals = await createRenewals({
      database,
      jobs,
      clock,
      payments,
      events,
      log,
      leaseSeconds: config.jobTimeoutSeconds,
      timeZone: config.sellerTimeZone,
      metrics,
    });
    // A renewal's payment authenticated by the customer completes the renewal; a renewal's returned debit puts it back in dunning.
    payments.onResume('renewal', async (_payment, args) => {
      if (args.kind === 'renewal') await renewals.resumeRenewal(args.subscriptionId);
    });
    payments.onReverse('renewal', async (tx, payment, args, at) => {
      if (args.kind !== 'renewal') return;
      await renewals.reverseRenewal(tx, {
        subscriptionId: args.subscriptionId,
        periodEnd: new Date(args.periodEnd),
        previousPeriodStart: new Date(args.previousPeriodStart),
        paymentId: payment.id,
        code: payment.failureCode ?? 'payment.debit_failed',
        at,
      });
    });
    // The customer's emails about their plan (reminder, failed renewal, end), whatever Opciones says.
    await subscribeCustomerEmails({
      db: database.db,
      repo: createRenewalsRepository(database.db),
      events,
      mailer,
      publicUrl: config.publicUrl,
      timeZone: config.sellerTimeZone,
    });
    return {
      services: { renewals },
      decorate: { renewals },
      hooks: { defaultMethodChanged: retryWhenTheCardChanges(renewals, log) },
      onReady: () => kickRenewals(jobs),
    };
  },
  async register(api, { clock, services: { renewals } }) {
    await api.register(testClockRoutes, { clock, renewals });
  },
});
