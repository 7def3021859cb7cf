import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';

/** Single-use links carry their secret in the path; the log keeps the route, never the secret. */
export function redactUrl(url: string): string {
  return url
    .replace(/^\/register\/verify\/[^/?#]+/, '/register/verify/[redacted]')
    .replace(/^\/reset-password\/[^/?#]+\/[^/?#]+/, '/reset-password/[redacted]/[redacted]');
}

/** What end-of-stream (through @fastify/compress's pump) reports when the client went away before a compressed answer was sent. */
const CLIENT_LEFT = 'premature close';

/** Whether the log is written for a person: `auto` means when stdout is a terminal. */
export function logsForPeople(format: 'auto' | 'json' | 'pretty', stdout: { isTTY?: boolean } = process.stdout): boolean {
  return format === 'pretty' || (format === 'auto' && stdout.isTTY === true);
}

/**
 * The process logger: JSON lines (one object per line, what a log collector reads), or, for a person
 * at a terminal, one readable line each (pino-pretty, in this thread: no transport worker to bundle).
 */
export function loggerOptions(level: string, format: 'auto' | 'json' | 'pretty' = 'json'): FastifyServerOptions['logger'] {
  const stream = logsForPeople(format)
    ? pretty({ sync: true, colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' })
    : undefined;
  return {
    level,
    ...(stream ? { stream } : {}),
    hooks: {
      // @fastify/compress logs any failure of its stream as an error, a visitor who closed the tab or
      // followed a link mid-answer included; that is not a fault of ours (Fastify itself logs it at
      // info, "stream closed prematurely"), so it is logged at info too.
      logMethod(args, method, numericLevel) {
        const [first] = args as unknown[];
        if (numericLevel >= 50 && first instanceof Error && first.message === CLIENT_LEFT) {
          this.info({ err: first }, 'the client left before the answer was sent');
          return;
        }
        method.apply(this, args);
      },
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}
