import type { FastifyServerOptions } from 'fastify';

/** Single-use links carry their secret in the path; the log keeps the route, never the secret. */
export function redactUrl(url: string): string {
  return url
    .replace(/^\/register\/verify\/[^/?#]+/, '/register/verify/[redacted]')
    .replace(/^\/reset-password\/[^/?#]+\/[^/?#]+/, '/reset-password/[redacted]/[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
  };
}
