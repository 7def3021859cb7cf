import type { DomainEventName, DomainEvents } from '@enlaza/contracts';
import type { Database, Transaction } from '../db/client.js';
import type { JobContext, JobPolicy, Jobs } from './jobs.js';

type EventJob = { event: DomainEventName; payload: DomainEvents[DomainEventName]; publishedAt: string };

declare module './jobs.js' {
  interface JobPayloads {
    // One queue per subscriber: `event.<event name>.<subscriber name>`.
    [queue: `event.${string}`]: EventJob;
  }
}

export type EventHandler<E extends DomainEventName> = (
  payload: DomainEvents[E],
  context: JobContext & { publishedAt: Date; deliveryKey: string },
) => Promise<void>;

/**
 * Domain events over the job queue. `publish` enqueues one job per subscriber in the caller's
 * transaction, so an event is delivered only if that transaction commits, after it commits, and
 * survives a crash; each subscriber retries on its own. Delivery is at least once: a subscriber that
 * may run twice uses `deliveryKey` (stable across retries) to do its effect once.
 */
export function createEventBus(db: Database, jobs: Jobs) {
  const subscribers = new Map<DomainEventName, string[]>();
  // Publication times strictly increase within a process: facts published in the same millisecond
  // (a card created, edited and trashed by one quick client) keep their order in the history.
  let lastPublished = 0;
  const publicationTime = () => new Date((lastPublished = Math.max(Date.now(), lastPublished + 1))).toISOString();

  return {
    /** Registers a subscriber (at start-up, in every process: publishers need to know the queues). */
    subscribe<E extends DomainEventName>(event: E, subscriber: string, handler: EventHandler<E>, policy: JobPolicy = {}): Promise<void> {
      if (!/^[a-z0-9-]+$/.test(subscriber)) throw new Error(`invalid subscriber name ${subscriber}`);
      const queue = `event.${event}.${subscriber}` as const;
      subscribers.set(event, [...(subscribers.get(event) ?? []), queue]);
      return jobs.define(queue, {
        retryLimit: 5,
        retryDelay: 10,
        ...policy,
        handler: (job, context) =>
          handler(job.payload as DomainEvents[E], {
            ...context,
            publishedAt: new Date(job.publishedAt),
            deliveryKey: `${queue}:${context.id}`,
          }),
      });
    },

    /**
     * One subscriber to several events through one queue (`event.<subscriber>`), for a subscriber
     * that treats them alike (the history records every action the same way): one worker polling
     * instead of one per event. The handler learns which event it got.
     */
    subscribeAll<E extends DomainEventName>(
      names: readonly E[],
      subscriber: string,
      handler: (event: E, payload: DomainEvents[E], context: JobContext & { publishedAt: Date; deliveryKey: string }) => Promise<void>,
      policy: JobPolicy = {},
    ): Promise<void> {
      if (!/^[a-z0-9-]+$/.test(subscriber)) throw new Error(`invalid subscriber name ${subscriber}`);
      const queue = `event.${subscriber}` as const;
      for (const event of names) subscribers.set(event, [...(subscribers.get(event) ?? []), queue]);
      return jobs.define(queue, {
        retryLimit: 5,
        retryDelay: 10,
        ...policy,
        handler: (job, context) =>
          handler(job.event as E, job.payload as DomainEvents[E], {
            ...context,
            publishedAt: new Date(job.publishedAt),
            deliveryKey: `${queue}:${context.id}`,
          }),
      });
    },

    /** Publishes inside `tx` (the write that caused the event); without one, in its own transaction. */
    async publish<E extends DomainEventName>(event: E, payload: DomainEvents[E], tx?: Transaction): Promise<void> {
      const queues = subscribers.get(event) ?? [];
      if (queues.length === 0) return;
      const job: EventJob = { event, payload, publishedAt: publicationTime() };
      const write = async (t: Transaction) => {
        for (const queue of queues) await jobs.send(queue as `event.${string}`, job, { tx: t });
      };
      await (tx ? write(tx) : db.transaction(write));
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
