import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openApiChecker, type Check } from './openapi-requests.js';

/** A request as the stand-in's handlers see it, already checked against the vendor's description. */
export type StandInRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  token: string | null;
  body: string;
  json: () => Record<string, unknown>;
  form: () => Record<string, string>;
  check: Check;
};
export type StandInAnswer = { status: number; body?: unknown; headers?: Record<string, string> };
export type Handler = (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>;

/** A failure to answer instead of the real one, once (`times` to repeat it). */
type Injected = { operation: string; answer: StandInAnswer; times: number };

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The HTTP side shared by the CRM stand-ins: every request is checked against the vendor's
 * description (test/helpers/openapi-requests.ts) and a violation is kept (the tests expect none)
 * and answered 400; its answer is checked against the description's response schema too. Tests may
 * inject failures per operation (429, 503, 400…) and hold an operation's answer after it took effect,
 * as a vendor that received a create whose answer never reached the process. `pages` ("GET /path")
 * are browser pages outside the API description (HubSpot's consent page), not checked.
 */
export async function startStandInServer(description: URL, route: Handler, pages: string[] = []) {
  const checker = openApiChecker(description);
  const violations: string[] = [];
  const calls: { operation: string | null; status: number }[] = [];
  const injected: Injected[] = [];
  let hold: { operation: string; onHeld: () => void } | null = null;
  const held: ServerResponse[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const page = pages.includes(`${req.method} ${url.pathname}`);
    const check: Check = page
      ? { operation: `${req.method} ${url.pathname}`, params: {}, violations: [] }
      : checker.check({
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          contentType: req.headers['content-type'],
          body,
        });
    const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const request: StandInRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      token: auth?.[1] ?? null,
      body,
      json: () => JSON.parse(body) as Record<string, unknown>,
      form: () => Object.fromEntries(new URLSearchParams(body)),
      check,
    };
    let answer: StandInAnswer;
    if (check.violations.length > 0) {
      violations.push(...check.violations.map((v) => `${check.operation ?? req.method + ' ' + url.pathname}: ${v}`));
      answer = { status: 400, body: { status: 'error', message: check.violations.join('; ') } };
    } else {
      const failure = injected.find((f) => f.operation === check.operation && f.times > 0);
      if (failure) {
        failure.times -= 1;
        answer = failure.answer;
      } else {
        answer = await route(request);
        if (answer.status < 300 && !page)
          violations.push(...checker.checkAnswer(check.operation!, answer.status, answer.body).map((v) => `${check.operation} ${v}`));
      }
    }
    calls.push({ operation: check.operation, status: answer.status });
    if (hold && hold.operation === check.operation && answer.status < 300) {
      // It took effect here; its answer never leaves.
      held.push(res);
      hold.onHeld();
      return;
    }
    const headers = { ...(answer.body === undefined ? {} : { 'content-type': 'application/json' }), ...answer.headers };
    res.writeHead(answer.status, headers).end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      violations.push(`stand-in failed: ${String(error)}`);
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    violations,
    calls,
    /** Answers `operation` (e.g. "POST /crm/v3/objects/notes") with `answer` instead, `times` times. */
    fail(operation: string, answer: StandInAnswer, times = 1) {
      injected.push({ operation, answer, times });
    },
    /** The next success of `operation` takes effect but is never answered; resolves when it happened. */
    holdNext(operation: string): Promise<void> {
      return new Promise((resolve) => {
        hold = {
          operation,
          onHeld: () => {
            hold = null;
            resolve();
          },
        };
      });
    },
    count: (operation: string) => calls.filter((c) => c.operation === operation).length,
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The vendor's consent page, as a browser would leave it: the redirect to `redirect_uri` with a code and the state. */
export function consentRedirect(query: URLSearchParams, code: string): StandInAnswer {
  const target = new URL(query.get('redirect_uri')!);
  target.searchParams.set('code', code);
  target.searchParams.set('state', query.get('state') ?? '');
  return { status: 302, headers: { location: target.toString() } };
}
