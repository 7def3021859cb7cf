import { createHash } from 'node:crypto';
import { splitFullName } from '../profiles/index.js';
import { ScimError } from './errors.js';
import { member } from './filter.js';
import type { ScimUserAttributes } from './schema.js';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

type Json = Record<string, unknown>;

/** A team member as SCIM shows it: the account (email, name), the team's row (job title, phone, active) and the provider's attributes. */
export type MemberFacts = {
  userId: string;
  email: string;
  name: string;
  jobTitle: string | null;
  phone: string | null;
  active: boolean;
  joinedAt: Date;
  externalId: string | null;
  attributes: ScimUserAttributes;
  createdAt: Date;
  updatedAt: Date;
  groups: { id: string; displayName: string }[];
};

/** A weak ETag from the resource's content: it changes whenever anything SCIM shows changes. */
export const versionOf = (resource: Json) =>
  `W/"${createHash('sha256').update(JSON.stringify(resource)).digest('base64url').slice(0, 16)}"`;

const compact = (object: Json): Json => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== null && v !== undefined));

export function userResource(base: string, m: MemberFacts): Json {
  const split = splitFullName(m.name);
  const a = m.attributes;
  const enterprise = compact({
    department: a.department,
    employeeNumber: a.employeeNumber,
    manager: a.manager ? { value: a.manager } : null,
  });
  const body = compact({
    schemas: Object.keys(enterprise).length > 0 ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id: m.userId,
    externalId: m.externalId,
    userName: m.email,
    name: compact({ formatted: m.name, givenName: a.givenName ?? split.firstName, familyName: a.familyName ?? split.lastName }),
    displayName: a.displayName ?? m.name,
    title: m.jobTitle,
    active: m.active,
    emails: [{ value: m.email, type: 'work', primary: true }],
    phoneNumbers: m.phone ? [{ value: m.phone, type: 'work' }] : null,
    groups: m.groups.length > 0 ? m.groups.map((g) => ({ value: g.id, display: g.displayName, $ref: `${base}/Groups/${g.id}` })) : null,
    [ENTERPRISE_SCHEMA]: Object.keys(enterprise).length > 0 ? enterprise : null,
  });
  return {
    ...body,
    meta: {
      resourceType: 'User',
      created: (m.externalId !== null ? m.createdAt : m.joinedAt).toISOString(),
      lastModified: new Date(Math.max(m.updatedAt.getTime(), m.joinedAt.getTime())).toISOString(),
      location: `${base}/Users/${m.userId}`,
      version: versionOf(body),
    },
  };
}

/** What a User body (POST, PUT, or the resource after a PATCH) asks for. */
export type DesiredUser = {
  userName: string;
  externalId: string | null;
  active: boolean;
  jobTitle: string | null;
  phone: string | null;
  attributes: ScimUserAttributes;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function text(value: unknown, what: string, max = 200): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new ScimError(400, 'invalidValue', `${what} must be a string.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw new ScimError(400, 'invalidValue', `${what} is longer than ${max} characters.`);
  return trimmed || null;
}

/** `true`, `false`, and Entra ID's "True" / "False". */
export function booleanOf(value: unknown, what: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw new ScimError(400, 'invalidValue', `${what} must be true or false.`);
}

/** The value of a multi-valued attribute to keep: the one of `type`, else the primary, else the first. */
function pick(list: unknown, type: string): unknown {
  if (list === undefined || list === null) return undefined;
  const values: unknown[] = Array.isArray(list) ? (list as unknown[]) : [list];
  const of = (test: (v: Json) => boolean) => values.find((v) => v && typeof v === 'object' && test(v as Json)) as Json | undefined;
  const chosen = of((v) => String(member(v, 'type')).toLowerCase() === type) ?? of((v) => member(v, 'primary') === true) ?? values[0];
  return chosen && typeof chosen === 'object' ? member(chosen, 'value') : chosen;
}

export function readUser(body: unknown): DesiredUser {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ScimError(400, 'invalidSyntax', 'The body must be a User resource.');
  const userName = text(member(body, 'userName'), 'userName', 254)?.toLowerCase();
  if (!userName) throw new ScimError(400, 'invalidValue', 'userName is required.');
  if (!EMAIL.test(userName)) throw new ScimError(400, 'invalidValue', 'userName must be the person’s email address.');
  const name = member(body, 'name');
  const enterprise = member(body, ENTERPRISE_SCHEMA);
  const manager = member(enterprise, 'manager');
  const active = member(body, 'active');
  return {
    userName,
    externalId: text(member(body, 'externalId'), 'externalId'),
    active: active === undefined || active === null ? true : booleanOf(active, 'active'),
    jobTitle: text(member(body, 'title'), 'title', 120),
    phone: text(pick(member(body, 'phoneNumbers'), 'work'), 'phoneNumbers.value', 40),
    attributes: compact({
      givenName: text(member(name, 'givenName'), 'name.givenName', 80),
      familyName: text(member(name, 'familyName'), 'name.familyName', 80),
      displayName: text(member(body, 'displayName'), 'displayName', 160),
      department: text(member(enterprise, 'department'), 'department'),
      employeeNumber: text(member(enterprise, 'employeeNumber'), 'employeeNumber'),
      manager: text(manager && typeof manager === 'object' ? member(manager, 'value') : manager, 'manager'),
    }),
  };
}

/** The name a new member gets on their account and card: the display name, else given and family names, else the address's local part. */
export function personName(desired: DesiredUser): string {
  const a = desired.attributes;
  return a.displayName || [a.givenName, a.familyName].filter(Boolean).join(' ') || desired.userName.split('@')[0]!;
}

/** `attributes` / `excludedAttributes` (RFC 7644 §3.4.2.5): id, schemas and meta always stay. */
export function project(resource: Json, attributes: string | undefined, excluded: string | undefined): Json {
  const list = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
  const wanted = list(attributes);
  const dropped = list(excluded);
  const always = new Set(['id', 'schemas', 'meta']);
  const keep = (key: string) => {
    const k = key.toLowerCase();
    if (always.has(k)) return true;
    if (wanted.length > 0) return wanted.some((w) => w === k || w.startsWith(`${k}.`) || w.startsWith(`${k}:`));
    return !dropped.includes(k);
  };
  const out: Json = {};
  for (const [key, value] of Object.entries(resource)) {
    if (!keep(key)) continue;
    const subs = wanted.filter((w) => w.startsWith(`${key.toLowerCase()}.`)).map((w) => w.slice(key.length + 1));
    if (subs.length > 0 && value && typeof value === 'object' && !Array.isArray(value) && !wanted.includes(key.toLowerCase()))
      out[key] = Object.fromEntries(Object.entries(value).filter(([k]) => subs.includes(k.toLowerCase())));
    else out[key] = value;
  }
  return out;
}
