import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { AppError } from '../../../lib/errors.js';
import type { Jobs } from '../../../platform/jobs.js';
import type { RedsysProvider, RedsysResult } from '../providers/redsys.js';
import type { StripeRepository } from '../stripe/repository.js';
import type { PaymentsService } from '../service.js';

declare module '../../../platform/jobs.js' {
  interface JobPayloads {
    /** A Redsys notification received, verified and applied: its operation's current state passed on to the payments module. */
    'payments.redsys-event': { eventId: string };
  }
}

/** The three fields Redsys signs a result with (its notification's form; the query it appends to URLOK/URLKO). */
export type RedsysSignedFields = { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string };

type Deps = {
  db: Database;
  provider: RedsysProvider;
  /** `provider_events` and `provider_object_states` (the same tables as Stripe's, provider `redsys`). */
  repo: StripeRepository;
  jobs: Pick<Jobs, 'send'>;
  payments: () => Pick<PaymentsService, 'paymentSettled'>;
  log: FastifyBaseLogger;
  now: () => Date;
};

/**
 * Redsys' asynchronous notification (and the browser's signed return from Redsys' page, which says
 * the same). `receive` verifies the signature (HMAC_SHA256_V1 with the terminal's key; a bad one is
 * 400 and changes nothing), applies the result to the operation it is about (a row still pending or
 * waiting; a final one is never changed, so a late or reordered report is harmless), records the
 * notification once (`provider_events`; the same one again is a duplicate) and queues the job that
 * passes the operation's state on, in one transaction. `process` re-reads the operation's state and
 * passes it on only when it differs from the last state passed on (`provider_object_states`).
 */
export function createRedsysNotifications(deps: Deps) {
  const { provider, repo } = deps;

  function verify(fields: Partial<RedsysSignedFields>): RedsysResult {
    try {
      if (!fields.Ds_SignatureVersion || !fields.Ds_MerchantParameters || !fields.Ds_Signature) throw new Error('missing fields');
      return provider.verify(fields as RedsysSignedFields);
    } catch {
      throw new AppError('webhook.redsys_signature_invalid');
    }
  }

  async function receive(fields: Partial<RedsysSignedFields>): Promise<{ duplicate: boolean; result: RedsysResult }> {
    const result = verify(fields);
    await provider.applyResult(result);
    // One notification is one event: the same signed parameters again are the same notification.
    const eventId = createHash('sha256').update(fields.Ds_MerchantParameters!).digest('hex');
    const recorded = await deps.db.transaction(async (tx) => {
      if (
        !(await repo.recordEvent(tx, {
          id: eventId,
          type: `operation.${result.Ds_TransactionType ?? ''}`,
          objectRef: result.Ds_Order,
          processedAt: null,
        }))
      )
        return false;
      await deps.jobs.send('payments.redsys-event', { eventId }, { tx });
      return true;
    });
    return { duplicate: !recorded, result };
  }

  async function process(eventId: string): Promise<void> {
    const event = await repo.event(eventId);
    if (!event || event.processedAt) return;
    for (const row of await provider.rowsOfOrder(event.objectRef)) {
      const state = row.status === 'failed' ? `failed:${typeof row.data.reason === 'string' ? row.data.reason : ''}` : row.status;
      if (row.status === 'pending' || (await repo.lastState(row.id)) === state) continue;
      if (row.kind === 'payment') await deps.payments().paymentSettled(row.id);
      else deps.log.info({ ref: row.id, kind: row.kind, status: row.status }, 'Redsys reports an operation finished');
      await repo.saveState(row.id, state, deps.now());
    }
    await repo.markProcessed(eventId, deps.now());
  }

  return { receive, process, verify };
}

export type RedsysNotifications = ReturnType<typeof createRedsysNotifications>;
