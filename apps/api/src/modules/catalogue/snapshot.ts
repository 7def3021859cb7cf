import type { Database } from '../../db/client.js';
import { activePlans, activeTaxes, defaultTax as findDefaultTax, sellableOffers } from './query-pieces.js';
import type { BillingPeriodRow, OfferRow, PlanRow, TaxRow } from './repository.js';

/** What a customer can be offered: read whole, kept in memory, reloaded when the catalogue's version moves. */
export type CatalogueSnapshot = {
  version: number;
  /** Active plans, by sort order. */
  plans: PlanRow[];
  /** Active offers of active plans and periods, by plan order, then period length, then price. */
  offers: { offer: OfferRow; plan: PlanRow; period: BillingPeriodRow }[];
  /** The active default tax, if any. */
  defaultTax: TaxRow | null;
  /** Every active tax, by id: an offer's own tax (an inactive or missing one falls back to the default). */
  taxes: Map<string, TaxRow>;
};

/**
 * The sellable catalogue kept in this process. A reader selects the catalogue's version
 * (`catalogueVersionSql()`: one row, bumped by triggers in the same transaction as any write to
 * plans, offers, periods or taxes, migration 0031) in the statement of its other reads, then gets
 * the snapshot of that version: the one in memory, or a fresh one loaded once for every request waiting on it. So the
 * answer is as fresh as a query's, from any process, whoever changed the catalogue, at the cost of
 * one indexed row instead of the catalogue's hundred-odd rows on every request.
 */
export function createCatalogueSnapshots(db: Database) {
  let kept: CatalogueSnapshot | null = null;
  let loading: { version: number; promise: Promise<CatalogueSnapshot> } | null = null;

  async function load(version: number): Promise<CatalogueSnapshot> {
    const [plans, offers, defaultTax, taxes] = await Promise.all([
      activePlans(db),
      sellableOffers(db),
      findDefaultTax(db),
      activeTaxes(db),
    ]);
    // Read after the version: at least as new as it (a newer one only costs another load later).
    return { version, plans, offers, defaultTax: defaultTax ?? null, taxes: new Map(taxes.map((tax) => [tax.id, tax])) };
  }

  return {
    /** The snapshot of `version` (read with `catalogueVersionSql()`): kept, or loaded once for all who ask. */
    async of(version: number): Promise<CatalogueSnapshot> {
      if (kept?.version === version) return kept;
      if (loading?.version === version) return loading.promise;
      const promise = load(version).then((snapshot) => {
        if (!kept || snapshot.version > kept.version) kept = snapshot;
        return snapshot;
      });
      loading = { version, promise };
      void promise
        .finally(() => {
          if (loading?.promise === promise) loading = null;
        })
        .catch(() => undefined);
      return promise;
    },
  };
}

export type CatalogueSnapshots = ReturnType<typeof createCatalogueSnapshots>;
