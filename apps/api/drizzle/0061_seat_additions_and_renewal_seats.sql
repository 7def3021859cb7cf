CREATE TABLE "seat_additions" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"lease_until" timestamp with time zone,
	"period_end" timestamp with time zone,
	"seats" integer,
	"charged_from" timestamp with time zone,
	"attempt" integer DEFAULT 0 NOT NULL,
	"failed_since" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD COLUMN "seats" integer;--> statement-breakpoint
ALTER TABLE "seat_additions" ADD CONSTRAINT "seat_additions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_additions_next_attempt_at_index" ON "seat_additions" USING btree ("next_attempt_at");--> statement-breakpoint
-- Hand-written: seat additions in the MRR rollup (migration 0053, modules/admin-metrics/schema.ts).
-- A `seats_added` history event naming a payment is a charge too: the seats a per-seat subscription
-- gained in its period, charged for the rest of it (its invoice line has that period, so it bills
-- per month about a seat's price times the seats added). It adds to the charge in force instead of
-- replacing it, so the subscription bills its plan charge plus its seat additions: price × seats.
-- Every charge now ends at the subscription's next plan charge (`created`, `upgraded`, `renewed`:
-- the renewal bills all the seats again), a seat addition included; a seat addition ends nothing.
CREATE OR REPLACE FUNCTION subscription_billed_charges_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM subscriptions WHERE id IN (
    SELECT subscription_id FROM added
    WHERE kind IN ('created', 'upgraded', 'renewed', 'seats_added') AND detail ->> 'paymentId' IS NOT NULL
  ) ORDER BY id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- The new charges go in already linked (a bulk insert writes each index entry once): each ends at
  -- the first plan charge after it, in (`at`, id) order, among the new ones and those kept.
  WITH charges AS (
    SELECT a.id AS event_id, a.subscription_id, subscription_event_payment(a.detail) AS payment_id, a.at,
           a.kind <> 'seats_added' AS replaces
    FROM added a
    WHERE a.kind IN ('created', 'upgraded', 'renewed', 'seats_added') AND a.detail ->> 'paymentId' IS NOT NULL
  ), linked AS (
    SELECT event_id, min(at) FILTER (WHERE replaces) OVER (
        PARTITION BY subscription_id ORDER BY at DESC, event_id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
      ) AS next_at
    FROM (
      SELECT event_id, subscription_id, at, replaces FROM charges
      UNION ALL
      SELECT b.event_id, b.subscription_id, b.at, e.kind <> 'seats_added'
      FROM subscription_billed_charges b JOIN subscription_events e ON e.id = b.event_id
      WHERE b.subscription_id IN (SELECT subscription_id FROM charges)
    ) every_charge
  )
  INSERT INTO subscription_billed_charges (event_id, subscription_id, payment_id, at, superseded_at, billed_cents_per_month)
  SELECT c.event_id, c.subscription_id, c.payment_id, c.at, l.next_at, subscription_billed_cents_per_month(c.payment_id)
  FROM charges c JOIN linked l ON l.event_id = c.event_id;
  -- The charges they follow now end at the first plan charge after each.
  UPDATE subscription_billed_charges b SET superseded_at = n.next_at
  FROM (
    SELECT c.event_id, min(c.at) FILTER (WHERE e.kind <> 'seats_added') OVER (
        PARTITION BY c.subscription_id ORDER BY c.at DESC, c.event_id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
      ) AS next_at
    FROM subscription_billed_charges c JOIN subscription_events e ON e.id = c.event_id
    WHERE c.subscription_id IN (
      SELECT subscription_id FROM added
      WHERE kind IN ('created', 'upgraded', 'renewed', 'seats_added') AND detail ->> 'paymentId' IS NOT NULL
    )
  ) n
  WHERE b.event_id = n.event_id AND b.superseded_at IS DISTINCT FROM n.next_at;
  RETURN NULL;
END $$;
