import { expect } from 'vitest';
import { waitFor, type TestContext } from '../helpers/test-app.js';
import { teamCall, type Signed } from '../helpers/teams.js';

export type ScimMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call to /scim/v2 with a SCIM token, its body as `application/scim+json` (as Okta and Entra ID send it). */
export function scimClient(t: TestContext) {
  return async (token: string | null, method: ScimMethod, path: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/scim/v2${path}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads the JSON it was answered as it is
    return { status: res.statusCode, headers: res.headers, body: res.body ? (JSON.parse(res.body) as Record<string, any>) : null };
  };
}

/** The owner makes a SCIM token for their team (they signed in with a fresh proof). */
export async function scimToken(t: TestContext, owner: Signed, name = 'Okta'): Promise<string> {
  const res = await teamCall(t)('POST', '/api/team/scim/tokens', owner, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.token as string;
}

/** An RFC 7644 §3.12 error: the Error schema, the status as a string, the scimType when there is one. */
export function expectScimError(
  res: { status: number; body: Record<string, unknown> | null; headers: Record<string, unknown> },
  status: number,
  scimType?: string,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/scim\+json/);
  expect(res.body).toMatchObject({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
    status: String(status),
    detail: expect.any(String),
  });
  if (scimType) expect(res.body!.scimType).toBe(scimType);
}

let counter = 0;
/** An address nobody has yet. */
export const newAddress = (who = 'person') => `${who}.${Date.now().toString(36)}${(counter += 1)}@scim.example`;

type HistoryEntry = { action: string; actorId: string | null; targetId: string | null; before: unknown; after: unknown };
/**
 * The owner's history (of `action`, or all of it) once `ready` holds: an event's job writes it
 * (platform/events.ts), later on PostgreSQL than on PGlite, so it is waited for, not read at once.
 */
export function historyOnce(
  t: TestContext,
  owner: Signed,
  action: string | null,
  ready: (entries: HistoryEntry[]) => boolean = (entries) => entries.length > 0,
): Promise<HistoryEntry[]> {
  const url = action ? `/api/historial?action=${action}` : '/api/historial';
  return waitFor(
    async () => {
      const entries = (await teamCall(t)('GET', url, owner)).json().data as HistoryEntry[];
      return ready(entries) ? entries : undefined;
    },
    `the history${action ? ` of ${action}` : ''}`,
  );
}
