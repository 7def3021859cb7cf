import { z } from 'zod';

/** Outgoing webhooks (part of the API's settings, config.ts; docs/webhooks.md). */
export const webhookEnv = {
  /** Seconds before the first retry of a failed webhook delivery; each next one doubles, with jitter. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  /** How long a failing delivery is retried before it is given up (and its endpoint disabled). */
  WEBHOOK_RETRY_WINDOW_HOURS: z.coerce.number().min(0.0001).max(168).default(24),
  /** Failed attempts in a row (no success between them) after which an endpoint is disabled. */
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(10_000).default(50),
};

export type WebhookConfig = { retryBaseMs: number; retryWindowMs: number; disableAfterFailures: number };

export const webhooksOf = (e: {
  WEBHOOK_RETRY_BASE_SECONDS: number;
  WEBHOOK_RETRY_WINDOW_HOURS: number;
  WEBHOOK_DISABLE_AFTER_FAILURES: number;
}): WebhookConfig => ({
  retryBaseMs: Math.round(e.WEBHOOK_RETRY_BASE_SECONDS * 1000),
  retryWindowMs: Math.round(e.WEBHOOK_RETRY_WINDOW_HOURS * 3_600_000),
  disableAfterFailures: e.WEBHOOK_DISABLE_AFTER_FAILURES,
});
