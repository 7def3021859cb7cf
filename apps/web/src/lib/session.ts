import { useSyncExternalStore } from 'react';
import { SESSION_KEYS, type CurrentUser, type Role, type SubscriptionData } from '@enlaza/contracts';

export { SESSION_KEYS };

export interface Session {
  token: string | null;
  user: CurrentUser | null;
  subscription: SubscriptionData | null;
  role: Role | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): behave as signed out
  }
}

function read(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

/** The contract's roles, type-checked against it (no runtime import: keeps zod off the login page). */
const ROLES = ['admin', 'user'] as const satisfies readonly Role[];
type MissingRole = Exclude<Role, (typeof ROLES)[number]>;
const everyRoleListed: MissingRole extends never ? true : never = true;
void everyRoleListed;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

function parseStored(raw: string | null): Record<string, unknown> | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/*
 * What we stored ourselves after parsing the API's answer with the contracts; read back with a
 * structural check only (the user call replaces the user, validated, on every navigation).
 */
function storedUser(raw: string | null): CurrentUser | null {
  const value = parseStored(raw);
  return value && typeof value.id === 'string' && typeof value.name === 'string' && isRole(value.roll)
    ? (value as unknown as CurrentUser)
    : null;
}

function storedSubscription(raw: string | null): SubscriptionData | null {
  const value = parseStored(raw);
  const isObject = (v: unknown) => typeof v === 'object' && v !== null;
  return value && typeof value.status === 'string' && isObject(value.limits) && isObject(value.usage) && Array.isArray(value.addOns)
    ? (value as unknown as SubscriptionData)
    : null;
}

// useSyncExternalStore needs a stable snapshot: rebuild it only when a raw value changed.
let cachedRaw: (string | null)[] = [];
let cached: Session = { token: null, user: null, subscription: null, role: null };

export function getSession(): Session {
  const raw = [read(SESSION_KEYS.token), read(SESSION_KEYS.user), read(SESSION_KEYS.subscription), read(SESSION_KEYS.role)];
  if (raw.length === cachedRaw.length && raw.every((v, i) => v === cachedRaw[i])) return cached;
  const [token, user, subscription, role] = raw as [string | null, string | null, string | null, string | null];
  cachedRaw = raw;
  cached = {
    token: token && token.length > 0 ? token : null,
    user: storedUser(user),
    subscription: storedSubscription(subscription),
    role: isRole(role) ? role : null,
  };
  return cached;
}

export function getToken(): string | null {
  return getSession().token;
}

/** A session counts as signed in whenever a token exists (spec §4). */
export function isSignedIn(): boolean {
  return getToken() !== null;
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function write(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

/** Stores the user and its role (`roll`, the key the guard reads). */
export function setUser(user: CurrentUser): void {
  write(SESSION_KEYS.user, JSON.stringify(user));
  write(SESSION_KEYS.role, user.roll);
  notify();
}

/** After a login answered ok == 1: token, user and role. */
export function startSession(token: string, user: CurrentUser): void {
  write(SESSION_KEYS.token, token);
  write(SESSION_KEYS.user, JSON.stringify(user));
  write(SESSION_KEYS.role, user.roll);
  notify();
}

export function setSubscription(data: SubscriptionData): void {
  write(SESSION_KEYS.subscription, JSON.stringify(data));
  notify();
}

/** Logout and failed user call: token, user, subscription data and role go. */
export function clearSession(): void {
  for (const key of Object.values(SESSION_KEYS)) write(key, null);
  notify();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(SESSION_KEYS) as string[]).includes(event.key)) notify();
  });
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
