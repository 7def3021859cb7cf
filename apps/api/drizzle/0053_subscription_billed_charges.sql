CREATE TABLE "subscription_billed_charges" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"payment_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"superseded_at" timestamp with time zone,
	"billed_cents_per_month" numeric
);
--> statement-breakpoint
ALTER TABLE "subscription_billed_charges" ADD CONSTRAINT "subscription_billed_charges_event_id_subscription_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."subscription_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_billed_charges_subscription_id_at_event_id_index" ON "subscription_billed_charges" USING btree ("subscription_id","at","event_id");--> statement-breakpoint
CREATE INDEX "subscription_billed_charges_payment_id_index" ON "subscription_billed_charges" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "subscription_billed_charges_newest_index" ON "subscription_billed_charges" USING btree ("subscription_id","at","billed_cents_per_month") WHERE "subscription_billed_charges"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "subscription_billed_charges_superseded_index" ON "subscription_billed_charges" USING btree ("superseded_at","at","subscription_id","billed_cents_per_month") WHERE "subscription_billed_charges"."superseded_at" is not null;--> statement-breakpoint
-- Hand-written: what each charge of a subscription's offer bills per month (the admin dashboard's
-- MRR and revenue churn; modules/admin-metrics/schema.ts). A charge is a `created`, `upgraded` or
-- `renewed` history event naming a payment; what it bills is the plan lines of that payment's
-- invoice (a positive base with a period of service, each ÷ its period's months), before tax, summed
-- exactly; null without such an invoice. A period within 0.1 month of a whole number of months
-- (28–31 days, a year of 365 or 366) counts as those whole months (365.25 ÷ 12 days each), so
-- February bills what March does; any other period is a prorated part (a change of plan that kept
-- the period bills the rest of it) and counts as its exact fraction of a month, so it is normalised
-- to what a whole month of the new plan bills (ChartMogul's normalisation of service periods).
CREATE FUNCTION subscription_billed_cents_per_month(payment uuid) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT sum(l.base_cents::numeric / CASE
      WHEN round(m.months) >= 1 AND abs(m.months - round(m.months)) <= 0.1 THEN round(m.months)
      ELSE greatest(m.months, 1 / 30.436875) END)
  FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
  CROSS JOIN LATERAL (SELECT (l.period_end - l.period_start) / 30.436875 AS months) m
  WHERE i.payment_id = payment AND i.kind = 'invoice' AND l.base_cents > 0 AND l.period_start IS NOT NULL
$$;
--> statement-breakpoint
-- The payment a history event names: its `paymentId` when that is a uuid, else null.
CREATE FUNCTION subscription_event_payment(detail jsonb) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN detail ->> 'paymentId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    THEN (detail ->> 'paymentId')::uuid END
$$;
--> statement-breakpoint
-- History events are only inserted (a subscription's deletion cascades to them and to these rows).
-- Per INSERT statement: the charges among the new events are added, each linked to its
-- subscription's next charge (`superseded_at`, in (`at`, id) order), and the charges they follow
-- re-linked to them. The
-- subscriptions are locked first (FOR NO KEY UPDATE, as an update of the row: not blocked by the
-- key-share locks of foreign-key checks), so two transactions charging one subscription cannot
-- both leave their charge as the newest (the charge paths hold it already).
CREATE FUNCTION subscription_billed_charges_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM subscriptions WHERE id IN (
    SELECT subscription_id FROM added WHERE kind IN ('created', 'upgraded', 'renewed') AND detail ->> 'paymentId' IS NOT NULL
  ) ORDER BY id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- The new charges go in already linked (a bulk insert writes each index entry once).
  WITH charges AS (
    SELECT a.id AS event_id, a.subscription_id, subscription_event_payment(a.detail) AS payment_id, a.at
    FROM added a
    WHERE a.kind IN ('created', 'upgraded', 'renewed') AND a.detail ->> 'paymentId' IS NOT NULL
  ), linked AS (
    SELECT event_id, lead(at) OVER (PARTITION BY subscription_id ORDER BY at, event_id) AS next_at
    FROM (
      SELECT event_id, subscription_id, at FROM charges
      UNION ALL
      SELECT event_id, subscription_id, at FROM subscription_billed_charges
      WHERE subscription_id IN (SELECT subscription_id FROM charges)
    ) every_charge
  )
  INSERT INTO subscription_billed_charges (event_id, subscription_id, payment_id, at, superseded_at, billed_cents_per_month)
  SELECT c.event_id, c.subscription_id, c.payment_id, c.at, l.next_at, subscription_billed_cents_per_month(c.payment_id)
  FROM charges c JOIN linked l ON l.event_id = c.event_id;
  -- The charges they follow now end at them.
  UPDATE subscription_billed_charges b SET superseded_at = n.next_at
  FROM (
    SELECT event_id, lead(at) OVER (PARTITION BY subscription_id ORDER BY at, event_id) AS next_at
    FROM subscription_billed_charges
    WHERE subscription_id IN (
      SELECT subscription_id FROM added WHERE kind IN ('created', 'upgraded', 'renewed') AND detail ->> 'paymentId' IS NOT NULL
    )
  ) n
  WHERE b.event_id = n.event_id AND b.superseded_at IS DISTINCT FROM n.next_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_events_billed_charges AFTER INSERT ON subscription_events REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION subscription_billed_charges_add();
--> statement-breakpoint
-- Invoices and their lines are immutable (migration 0021): per INSERT statement of lines, the
-- charges of their invoices' payments are recomputed (an invoice issued after its charge's event).
CREATE FUNCTION subscription_billed_charges_invoiced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE subscription_billed_charges b SET billed_cents_per_month = subscription_billed_cents_per_month(b.payment_id)
  WHERE b.payment_id IN (
    SELECT i.payment_id FROM added_lines l JOIN invoices i ON i.id = l.invoice_id
    WHERE i.kind = 'invoice' AND i.payment_id IS NOT NULL AND l.base_cents > 0 AND l.period_start IS NOT NULL
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_billed_charges AFTER INSERT ON invoice_lines REFERENCING NEW TABLE AS added_lines FOR EACH STATEMENT EXECUTE FUNCTION subscription_billed_charges_invoiced();
--> statement-breakpoint
-- Backfill from the history kept so far.
INSERT INTO subscription_billed_charges (event_id, subscription_id, payment_id, at, superseded_at, billed_cents_per_month)
SELECT e.id, e.subscription_id, subscription_event_payment(e.detail), e.at,
       lead(e.at) OVER (PARTITION BY e.subscription_id ORDER BY e.at, e.id),
       subscription_billed_cents_per_month(subscription_event_payment(e.detail))
FROM subscription_events e
WHERE e.kind IN ('created', 'upgraded', 'renewed') AND e.detail ->> 'paymentId' IS NOT NULL;
