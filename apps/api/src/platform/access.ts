import type { Role, TrashKind } from '@enlaza/contracts';
import { AppError } from '../lib/errors.js';

// The checks take only the fields they read (an Actor's, or the session user's in lib/auth.ts), so this
// file imports neither actor.ts nor lib/auth.ts, which imports it.

/**
 * What an owner endpoint may name, each kind registered by the module that owns its table. A kind
 * says which state counts (most are live records only), so the check is the whole decision.
 */
export const ACCESS_KINDS = [
  /** A live card or tag. */
  'profile',
  /** A live card; a live tag. */
  'card',
  'tag',
  /** A card or tag, live or in the trash (a campaign's audience may keep naming one that is in the trash). */
  'profile.any',
  /** A folder or a label, of cards or of tags. */
  'folder',
  'label',
  /** A file of the cloud, live or in the trash. */
  'file',
  /** A visitor's message, live or in the trash. */
  'message',
  /** A live wall post. */
  'wall.post',
  /** A live email template. */
  'template',
  /** A live campaign. */
  'campaign',
  /** An automation (email sequence). */
  'automation',
  /** An imported contact list. */
  'list',
  /** A contact field (its values are per address). */
  'contact_field',
  /** A saved segment of the audience. */
  'segment',
  /** An owner's own sending domain. */
  'sending_domain',
  /** An owner's custom domain (a card, tag or team served at it). */
  'custom_domain',
  /** An email a segment's engagement condition may name: a campaign of the owner, hidden automation steps' ones too. */
  'campaign.any',
  /** One of the owner's notifications (ids are numbers). */
  'notification',
  /** An email the app sent for the owner (Comunicaciones). */
  'delivery',
  /** An invoice or credit note issued to the owner. */
  'invoice',
  /** A saved payment method. */
  'payment_method',
  /** One of the customer's payments (the payment page, its confirmation). */
  'payment',
  /** One of the owner's signed-in sessions (devices). */
  'session',
  /** One of the owner's personal access tokens. */
  'api_token',
  /** One of the owner's passkeys. */
  'passkey',
  /** One of the owner's outgoing webhook endpoints. */
  'webhook_endpoint',
  /** A CRM connection the actor made (their own, or their team's as its owner). */
  'crm_connection',
  /** The team the actor is an active member of (their role is checked apart: 403 `team.role_required`). */
  'team',
  /** A member (user id) of the actor's team, active or removed. */
  'team_member',
  /** An invitation of the actor's team. */
  'team_invitation',
  /** A card (profile id) of the actor's team, whoever holds it. */
  'team_card',
  /** A SCIM token of the team the actor is an active member of. */
  'scim_token',
  /** An email domain of the actor's team's single sign-on. */
  'sso_domain',
  /** A test sign-in of the actor's team's single sign-on. */
  'sso_test',
] as const;

/** A kind of record; `trash.<kind>` is the owner's item of that kind that is in the trash (registered with the trash providers). */
export type AccessKind = (typeof ACCESS_KINDS)[number] | `trash.${TrashKind}`;

/**
 * What a module registers for each kind it owns: of `ids` (distinct, never empty), those the actor
 * may use, read in one query from its own tables.
 */
export interface AccessProvider {
  kind: AccessKind;
  accessible(actorId: string, ids: readonly string[]): Promise<Set<string>>;
}

/** The check every service is handed: see `createAccessRegistry`. */
export type RequireAccess = (actor: { id: string }, kind: AccessKind, ids: string | readonly string[]) => Promise<void>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids a uuid column can hold (a malformed one names nothing, and must not reach PostgreSQL as a cast error). */
export const uuidsOf = (ids: readonly string[]): string[] => ids.filter((id) => UUID.test(id));

export type AccessRegistry = ReturnType<typeof createAccessRegistry>;

/** Kinds register once, at start-up (the modules' `access` parts, and `trash.<kind>` from their trash providers). */
export function createAccessRegistry() {
  const providers = new Map<AccessKind, AccessProvider>();

  /**
   * The one ownership decision of every owner endpoint: each of `ids` must be a record of `kind` the
   * actor may use. One that is missing or another user's makes the whole call 404
   * (`record.not_found`), the same answer for both, so nobody learns that someone else's exists.
   * Duplicates count once; no id asks nothing; the kind's provider answers in one query.
   */
  const requireAccess: RequireAccess = async (actor, kind, ids) => {
    const unique = [...new Set(typeof ids === 'string' ? [ids] : ids)];
    if (unique.length === 0) return;
    const provider = providers.get(kind);
    if (!provider) throw new Error(`no access provider for ${kind}`);
    const allowed = await provider.accessible(actor.id, unique);
    if (unique.some((id) => !allowed.has(id))) throw new AppError('record.not_found');
  };

  return {
    register(...list: AccessProvider[]) {
      for (const provider of list) {
        if (providers.has(provider.kind)) throw new Error(`access kind ${provider.kind} registered twice`);
        providers.set(provider.kind, provider);
      }
    },

    requireAccess,

    /** Stops start-up when a kind of ACCESS_KINDS has no provider (a check would otherwise fail only when first asked). */
    assertComplete(): void {
      const missing = ACCESS_KINDS.filter((kind) => !providers.has(kind));
      if (missing.length) throw new Error(`no access provider for ${missing.join(', ')}`);
    },
  };
}

/**
 * The row of a record `requireAccess` has just allowed, read again (owner-scoped) for its fields or
 * written: it is missing only when a concurrent request removed it in between, which is answered as
 * any missing record is. Never the decision itself: a module that calls this calls requireAccess
 * (the access boundary test checks both).
 */
export function afterAccess<T>(row: T | null | undefined): T {
  if (row === null || row === undefined) throw new AppError('record.not_found');
  return row;
}

/** The wrong role is 403 (`auth.forbidden`); route-level `app.authenticate(role)` calls this first. */
export function requireRole(actor: { role: Role }, role: Role): void {
  if (actor.role !== role) throw new AppError('auth.forbidden');
}
