import { z } from 'zod';
import { optionalString } from './env-values.js';

/** The Prometheus metrics endpoint (part of the API's settings, config.ts; docs/operations.md, "Metrics"). */
export const metricsEnv = {
  /** Unset: no metrics. A port: `GET /metrics` on it, apart from the app's port (0: any free port). */
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  /** The address the metrics port listens on: this machine only unless set (0.0.0.0 for a scraper on another machine). */
  METRICS_HOST: z.string().default('127.0.0.1'),
};

export type MetricsConfig = { host: string; port: number } | null;

export function metricsOf(e: { METRICS_PORT?: number | undefined; METRICS_HOST: string; PORT: number }): MetricsConfig {
  if (e.METRICS_PORT === undefined) return null;
  // The same port as the app's would stop the start with a bare "address in use": said here instead.
  if (e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    throw new Error(`Invalid configuration:\n  METRICS_PORT is the app's PORT (${e.PORT}): the metrics are served on a port of their own`);
  return { host: e.METRICS_HOST, port: e.METRICS_PORT };
}
