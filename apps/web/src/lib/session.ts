import { useSyncExternalStore } from 'react';
import {
  currentUserSchema,
  roleSchema,
  subscriptionDataSchema,
  type CurrentUser,
  type Role,
  type SubscriptionData,
} from '@enlaza/contracts';

/** Local-storage keys of the inherited contract (spec §3, docs/web-api-agreement.md). */
export const SESSION_KEYS = {
  token: 'access_token',
  user: 'user',
  subscription: 'datasuscription',
  role: 'roll',
} as const;

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

function parseJson<T>(raw: string | null, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }): T | null {
  if (raw === null) return null;
  try {
    const result = schema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

// useSyncExternalStore needs a stable snapshot: rebuild it only when a raw value changed.
let cachedRaw: (string | null)[] = [];
let cached: Session = { token: null, user: null, subscription: null, role: null };

export function getSession(): Session {
  const raw = [read(SESSION_KEYS.token), read(SESSION_KEYS.user), read(SESSION_KEYS.subscription), read(SESSION_KEYS.role)];
  if (raw.length === cachedRaw.length && raw.every((v, i) => v === cachedRaw[i])) return cached;
  const [token, user, subscription, role] = raw as [string | null, string | null, string | null, string | null];
  cachedRaw = raw;
  const roleParsed = roleSchema.safeParse(role);
  cached = {
    token: token && token.length > 0 ? token : null,
    user: parseJson(user, currentUserSchema),
    subscription: parseJson(subscription, subscriptionDataSchema),
    role: roleParsed.success ? roleParsed.data : null,
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
