import { euVatNumber, type Locale } from '@enlaza/contracts';
import type { TaxPosition } from '../invoices/index.js';
import type { PreparedBody } from '../../platform/compression.js';

/**
 * Everything `GET /api/user/plans` depends on besides the catalogue snapshot of `version`: the
 * answer is built from this and that snapshot only (see `buildPlans` in plans-page.ts), so two requests
 * with equal states get the same bytes. All of it is read in one statement (`repo.plansState`), so
 * the version and the subscription's plan come from one database snapshot.
 */
export type PlansState = {
  /** The catalogue's version: the snapshot (plans, offers, periods, tax) is a function of it. */
  version: number;
  locale: Locale;
  /** The customer's account type: which offers are theirs. */
  accountTypeId: string | null;
  /** Where the customer is for tax: the VAT rule of every price (see tax-rules.ts of the invoices module). */
  tax: TaxPosition;
  /** The newest running subscription: marks the current plan and offer and says which way each change goes. */
  running: {
    planId: string;
    planIsFree: boolean;
    planSortOrder: number;
    offerId: string | null;
    /** The months of the running offer's period (null on a plan bought without an offer, e.g. Free). */
    periodMonths: number | null;
  } | null;
  /** The seats the customer fills (their team's active members, 1 without a team): what a per-seat offer's total is for. */
  seats: number;
};

/** The kept answer's key: every field of the state, in a fixed order (a test checks that each one counts). */
export const plansKey = (s: PlansState): string =>
  JSON.stringify([
    s.version,
    s.locale,
    s.accountTypeId,
    // What the VAT rule reads of the position: the countries, whether the tax id is a valid EU VAT number, the territory
    // outside the VAT area (Canary Islands, Ceuta, Melilla), the distance sales.
    // (Read with `?.`: the key test also builds states with a part missing.)
    [
      s.tax?.sellerCountry,
      s.tax?.buyer?.country,
      euVatNumber(s.tax?.buyer?.country, s.tax?.buyer?.taxId) !== null,
      s.tax?.buyer?.territory ?? null,
      s.tax?.distanceSales?.thisYearCents ?? null,
      s.tax?.distanceSales?.previousYearCents ?? null,
      // The buyer's member state's rate (an admin's change also moves the catalogue version).
      s.tax?.memberStateRateBasisPoints ?? null,
    ],
    s.running && [s.running.planId, s.running.planIsFree, s.running.planSortOrder, s.running.offerId, s.running.periodMonths],
    s.seats,
  ]);

export type PlansAnswersStats = { hits: number; misses: number; entries: number; bytes: number };

/**
 * The serialised (and validated) plans answers of this process, by state: a repeat request answers
 * bytes kept in memory, without building, validating, serialising or compressing again.
 *
 * - Only the newest catalogue version seen is kept: a newer one empties the cache; a request that
 *   read an older one (it raced a catalogue change) is answered but not kept.
 * - At most `maxBytes`, the least recently used first. An entry counts twice its JSON: room for its
 *   brotli and gzip copies, made when first asked for (each well under half of the JSON).
 */
export class PlansAnswers {
  private version = -Infinity;
  /** Least recently used first (a read moves an entry to the end). */
  private readonly entries = new Map<string, PreparedBody>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  /** The answer of `state`: kept, or made by `make` (and kept when its version is the newest). */
  get(state: PlansState, make: () => PreparedBody): { body: PreparedBody; hit: boolean } {
    if (state.version > this.version) {
      this.entries.clear();
      this.bytes = 0;
      this.version = state.version;
    }
    const key = plansKey(state);
    const kept = this.entries.get(key);
    if (kept) {
      this.hits++;
      this.entries.delete(key);
      this.entries.set(key, kept);
      return { body: kept, hit: true };
    }
    this.misses++;
    const body = make();
    if (state.version === this.version) {
      this.entries.set(key, body);
      this.bytes += 2 * body.plain.length;
      for (const [oldKey, old] of this.entries) {
        if (this.bytes <= this.maxBytes || oldKey === key) break;
        this.entries.delete(oldKey);
        this.bytes -= 2 * old.plain.length;
      }
    }
    return { body, hit: false };
  }

  stats(): PlansAnswersStats {
    return { hits: this.hits, misses: this.misses, entries: this.entries.size, bytes: this.bytes };
  }
}
