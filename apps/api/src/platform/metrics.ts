import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsConfig } from '../config/metrics-settings.js';
import type { DatabaseHandle } from '../db/client.js';

/** Every metric's name starts with this, so the app's series are told apart from the process's own. */
const PREFIX = 'enlaza_';

export type CounterPort<L extends string> = { inc(labels: Record<L, string>, by?: number): void };

/** One sample of a gauge read when scraped: its labels and value. */
export type GaugeSample<L extends string> = { labels: Record<L, string>; value: number };

/**
 * What a module counts with, handed to it at construction like the rest of the platform (never a
 * global it reaches for). Labels take a few known values only (an outcome, a queue name, the id of one
 * of at most 10 SMTP servers): never the id of a record that grows with use, an address or a user's
 * text, which would make a series per record. A bounded record's name is read from an `_info` gauge
 * (campaign_relay_info), so renaming it does not start a new series.
 */
export type Metrics = {
  /** A counter (`enlaza_<name>`, ending in `_total`), declared once while the module is built. */
  counter<L extends string = never>(name: string, help: string, labelNames?: readonly L[]): CounterPort<L>;
  /** A gauge read when scraped (the job queue's depth, the database pool's connections). */
  sampledGauge<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[],
    sample: () => Promise<GaugeSample<L>[]> | GaugeSample<L>[],
  ): void;
};

/** Metrics off (no METRICS_PORT): nothing is kept, nothing is served. */
export const noMetrics: Metrics = {
  counter: () => ({ inc: () => undefined }),
  sampledGauge: () => undefined,
};

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: from a cached public page (about a millisecond) to a large export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The metrics of one process (one app): its own registry, so apps built side by side (tests) never share a series. */
export function createMetricsRegistry(log: FastifyBaseLogger): { registry: Registry; metrics: Metrics } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics: Metrics = {
    counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) {
      const counter = new Counter<string>({ name: `${PREFIX}${name}`, help, labelNames: [...labelNames], registers: [registry] });
      return { inc: (labels: Record<L, string>, by = 1) => counter.inc(labels as Record<string, string>, by) };
    },
    sampledGauge(name, help, labelNames, sample) {
      new Gauge<string>({
        name: `${PREFIX}${name}`,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          this.reset();
          try {
            for (const { labels, value } of await sample()) this.set(labels as Record<string, string>, value);
          } catch (error) {
            // A scrape still answers (the other metrics); this gauge has no sample this time.
            log.warn({ err: error, metric: name }, 'metrics: a gauge could not be read');
          }
        },
      });
    },
  };
  return { registry, metrics };
}

/**
 * Every answer counted by method, route template (`/api/profiles/:id`, never the URL itself: the
 * series stay as many as the routes) and status class, with its latency. A URL no route matches
 * counts as `unmatched`.
 */
export function measureRequests(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status_class'];
  const requests = new Counter({ name: `${PREFIX}http_requests_total`, help: 'HTTP requests answered', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request to its answer, in seconds',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: HTTP_METHODS.has(request.method) ? request.method : 'OTHER',
      route: request.routeOptions.url ?? 'unmatched',
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT, on METRICS_HOST: 127.0.0.1 unless set), apart
 * from the app's: the worker process, which serves no HTTP, has it too, and nothing of it is public.
 */
export function metricsServer(registry: Registry, where: { host: string; port: number }, log: FastifyBaseLogger) {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found: the metrics are at /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics: scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
      },
    );
  });
  let url: string | null = null;
  return {
    async listen(): Promise<void> {
      await new Promise<void>((resolve, reject) => {
        const refuse = (error: NodeJS.ErrnoException) =>
          reject(
            error.code === 'EADDRINUSE'
              ? new Error(`METRICS_PORT ${where.port} on ${where.host} is taken: give each process of this machine its own METRICS_PORT`)
              : error,
          );
        server.once('error', refuse);
        server.listen(where.port, where.host, () => {
          server.off('error', refuse);
          resolve();
        });
      });
      const { port } = server.address() as AddressInfo;
      url = `http://${where.host.includes(':') ? `[${where.host}]` : where.host}:${port}/metrics`;
      log.info(`metrics: Prometheus can scrape ${url}`);
    },
    /** Where it listens (null before it does): METRICS_PORT=0 takes any free port. */
    url: () => url,
    async close(): Promise<void> {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The PostgreSQL pool of this process, read when scraped. PGlite has one connection in the process and no pool: nothing to show. */
function measurePool(metrics: Metrics, database: Pick<DatabaseHandle, 'poolUse'>): void {
  const use = database.poolUse;
  if (!use) return;
  metrics.sampledGauge(
    'db_pool_connections',
    "PostgreSQL connections of this process's pool: open, of them idle, and the most it opens (max)",
    ['state'],
    () => {
      const now = use();
      return (['open', 'idle', 'max'] as const).map((state) => ({ labels: { state }, value: now[state] }));
    },
  );
  metrics.sampledGauge('db_pool_waiting_queries', 'Queries of this process waiting for a free pool connection', [], () => [
    { labels: {}, value: use().waiting },
  ]);
}

/**
 * The app's metrics when METRICS_PORT is set: the process's defaults, every answer, the database
 * pool, and the port serving them from the app's start to its close. Unset: the modules count into
 * nothing and no port is opened.
 */
export function setUpMetrics(
  app: FastifyInstance,
  where: MetricsConfig,
  database: Pick<DatabaseHandle, 'poolUse'>,
): { metrics: Metrics; url: () => string | null } {
  if (!where) return { metrics: noMetrics, url: () => null };
  const { registry, metrics } = createMetricsRegistry(app.log);
  measureRequests(app, registry);
  measurePool(metrics, database);
  const server = metricsServer(registry, where, app.log);
  app.addHook('onReady', () => server.listen());
  app.addHook('preClose', () => server.close());
  return { metrics, url: server.url };
}
