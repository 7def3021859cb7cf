import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Whose record it is is decided by `requireAccess` (platform/access.ts) and nowhere else. A bare
 * `record.not_found` in a module is allowed only where it is not that decision, each with the reason.
 */
const MODULES = fileURLToPath(new URL('../../src/modules', import.meta.url));

const NOT_OWNERSHIP: Record<string, { count: number; why: string }> = {
  'admin/service.ts': { count: 2, why: 'an admin looking up a user id that does not exist (or was erased)' },
  'subscriptions/admin-service.ts': { count: 2, why: 'an admin looking up a subscription id that does not exist' },
  'catalogue/service.ts': { count: 1, why: 'an admin looking up a catalogue item that does not exist' },
  'catalogue/account-types.ts': { count: 1, why: 'an admin looking up an account type that does not exist' },
  'invoices/service.ts': { count: 1, why: 'an admin asking for an invoice id that does not exist (a user passed requireAccess first)' },
  'smtp-relays/service.ts': { count: 1, why: 'an admin naming an SMTP server id that does not exist (admins see every one)' },
  'invoices/issue.ts': { count: 1, why: 'issuing to a user id with no billing identity (internal, no request names it)' },
  'account/directory.ts': { count: 1, why: 'another module asking about a user id that does not exist (internal)' },
  'account/user-data.ts': { count: 1, why: 'exporting the data of a user id that does not exist (internal)' },
  'payments/plans-page.ts': { count: 1, why: 'the actor’s own account row is gone' },
  'payments/service-context.ts': {
    count: 3,
    why: 'the actor’s own customer row is gone (twice: as a customer, and as the provider’s customer); an offer of the public catalogue not sold to the actor’s account type',
  },
  'payments/payment-methods.ts': {
    count: 1,
    why: 'a setup id is the provider’s (text, not one of our ids): the setup started by another customer, or at another provider, is as unknown as one never started',
  },
  'payments/redsys/routes.ts': {
    count: 1,
    why: 'a Redsys order number comes signed from Redsys (its text, not one of our ids): an operation another customer started is as unknown as one never started',
  },
  'coupons/service.ts': {
    count: 2,
    why: 'the admin’s coupons and promotion codes (every one is visible to an admin): an id that does not exist',
  },
  'payments/providers/sandbox.ts': {
    count: 2,
    why: 'the sandbox standing for a provider: it refuses its own setup or payment to a customer who did not start it, as a provider refuses a client secret',
  },
  'payments/add-ons.ts': { count: 1, why: 'an add-on of the public catalogue that does not exist' },
  'payments/admin-disputes.ts': {
    count: 2,
    why: 'an admin naming a payment or a chargeback id that does not exist (admins see every one)',
  },
  'invoices/eu-vat-rates.ts': { count: 2, why: 'the admin names a country that is not an EU member state, or whose rate row is missing' },
  'payments/plan-changes.ts': { count: 1, why: 'no scheduled downgrade of the actor’s to cancel (a state, no id)' },
  'payments/payment-records.ts': { count: 1, why: 'a refund (admin credit note) of a payment that does not exist or was never charged' },
  'public-profile/page/image-variants.ts': { count: 2, why: 'a public image size or variant that does not exist' },
  'walls/routes.ts': { count: 1, why: 'the public image of a post that is not published on a visible wall' },
  'cloud/routes.ts': { count: 2, why: 'public images: a forged email-image address, a profile photo not shown' },
  'cloud/service.ts': { count: 3, why: 'a signed address that is forged or for another state; bytes gone from the storage' },
  'trash/service.ts': { count: 1, why: 'a trash kind no module registered' },
  'mailbox/service.ts': { count: 1, why: 'bulk: the owner’s messages (checked) but of another of their profiles than the path’s' },
  'automations/service.ts': { count: 1, why: 'a step id not of the automation the path names (the automation is checked)' },
  'audience/fields.ts': {
    count: 1,
    why: 'an address (no id) that is neither a consenting visitor nor a contact of the actor (their fields are checked)',
  },
  'audience/service.ts': {
    count: 2,
    why: 'a contact id not in the list the path names (the list is checked); an address (no id) not on the actor’s own list',
  },
};

/** Trash providers restore what the trash checked (`trash.<kind>`) before calling them. */
const CHECKED_BY_THE_TRASH = new Set(['profiles/trash.ts', 'cloud/trash.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

const files = sources(MODULES).map((path) => ({ name: relative(MODULES, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }));
const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

describe('one access decision', () => {
  it('has no other ownership helper in the modules', () => {
    const found = files.filter((f) => /\brequire(All)?Owned\w*\(|\bowns[A-Z]\w*\(|\bowned\(actor/.test(f.text)).map((f) => f.name);
    expect(found).toEqual([]);
  });

  it('throws record.not_found only where it is not an ownership decision, as listed with the reason', () => {
    const found = Object.fromEntries(
      files.map((f) => [f.name, count(f.text, /AppError\(\s*'record\.not_found'/g)] as const).filter(([, n]) => n > 0),
    );
    const allowed = Object.fromEntries(Object.entries(NOT_OWNERSHIP).map(([name, { count: n }]) => [name, n]));
    expect(found).toEqual(allowed);
  });

  it('reads a row with afterAccess only in files that check requireAccess first', () => {
    const unchecked = files
      .filter((f) => f.text.includes('afterAccess(') && !f.text.includes('requireAccess') && !CHECKED_BY_THE_TRASH.has(f.name))
      .map((f) => f.name);
    expect(unchecked).toEqual([]);
  });
});
