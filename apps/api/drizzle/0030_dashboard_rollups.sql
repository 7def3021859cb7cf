CREATE TABLE "invoice_revenue_months" (
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"net_cents" bigint NOT NULL,
	"documents" bigint NOT NULL,
	CONSTRAINT "invoice_revenue_months_month_currency_pk" PRIMARY KEY("month","currency")
);
--> statement-breakpoint
CREATE TABLE "subscription_first_charges" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"first_charged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_first_charges" ADD CONSTRAINT "subscription_first_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_role_created_at_index" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_due_index" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."status" in ('trialing', 'active', 'past_due') and "subscriptions"."current_period_end" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_paid_index" ON "subscriptions" USING btree ("status","plan_id","offer_id","user_id","id") WHERE "subscriptions"."offer_id" is not null;--> statement-breakpoint
-- Kept by the database in the transaction that issues the documents: one upsert per month and
-- currency per INSERT statement (a bulk insert is summed once). Invoices are immutable (migration
-- 0021 refuses UPDATE, DELETE and TRUNCATE), so inserts are the only change to follow.
CREATE FUNCTION invoice_revenue_months_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_revenue_months (month, currency, net_cents, documents)
  SELECT to_char(issued_at AT TIME ZONE 'UTC', 'YYYY-MM'), currency, sum(subtotal_cents), count(*)
  FROM issued GROUP BY 1, 2
  ON CONFLICT (month, currency) DO UPDATE
    SET net_cents = invoice_revenue_months.net_cents + excluded.net_cents,
        documents = invoice_revenue_months.documents + excluded.documents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_revenue_months AFTER INSERT ON invoices REFERENCING NEW TABLE AS issued FOR EACH STATEMENT EXECUTE FUNCTION invoice_revenue_months_add();
--> statement-breakpoint
-- Backfill from the documents issued so far.
INSERT INTO invoice_revenue_months (month, currency, net_cents, documents)
SELECT to_char(issued_at AT TIME ZONE 'UTC', 'YYYY-MM'), currency, sum(subtotal_cents), count(*) FROM invoices GROUP BY 1, 2;
--> statement-breakpoint
-- When each subscription was first charged (payments that did not fail), for the dashboard's churn.
-- Inserts: one upsert per subscription per INSERT statement (a bulk insert is grouped once).
CREATE FUNCTION subscription_first_charges_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscription_first_charges (subscription_id, first_charged_at)
  SELECT subscription_id, min(created_at) FROM charged
  WHERE subscription_id IS NOT NULL AND status <> 'failed' GROUP BY 1
  ON CONFLICT (subscription_id) DO UPDATE
    SET first_charged_at = least(subscription_first_charges.first_charged_at, excluded.first_charged_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_first_charges_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS charged FOR EACH STATEMENT EXECUTE FUNCTION subscription_first_charges_add();
--> statement-breakpoint
-- Updates that move a payment to another subscription (checkout links it after the fact, a deleted
-- subscription sets it null), change its date or make it count or stop counting: the old
-- subscription's row is recomputed from its payments, the new one's takes the payment.
CREATE FUNCTION subscription_first_charges_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.subscription_id IS NOT NULL THEN
    DELETE FROM subscription_first_charges WHERE subscription_id = OLD.subscription_id;
    INSERT INTO subscription_first_charges (subscription_id, first_charged_at)
    SELECT OLD.subscription_id, min(p.created_at) FROM payments p
    WHERE p.subscription_id = OLD.subscription_id AND p.status <> 'failed'
      AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = OLD.subscription_id)
    HAVING min(p.created_at) IS NOT NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.subscription_id IS NOT NULL AND NEW.status <> 'failed' THEN
    INSERT INTO subscription_first_charges (subscription_id, first_charged_at) VALUES (NEW.subscription_id, NEW.created_at)
    ON CONFLICT (subscription_id) DO UPDATE
      SET first_charged_at = least(subscription_first_charges.first_charged_at, excluded.first_charged_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_first_charges_update AFTER UPDATE OF subscription_id, status, created_at ON payments FOR EACH ROW
  WHEN (OLD.subscription_id IS DISTINCT FROM NEW.subscription_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
        OR (OLD.status = 'failed') IS DISTINCT FROM (NEW.status = 'failed'))
  EXECUTE FUNCTION subscription_first_charges_change();
--> statement-breakpoint
CREATE TRIGGER payments_first_charges_delete AFTER DELETE ON payments FOR EACH ROW
  WHEN (OLD.subscription_id IS NOT NULL) EXECUTE FUNCTION subscription_first_charges_change();
--> statement-breakpoint
-- Backfill from the payments recorded so far.
INSERT INTO subscription_first_charges (subscription_id, first_charged_at)
SELECT subscription_id, min(created_at) FROM payments WHERE subscription_id IS NOT NULL AND status <> 'failed' GROUP BY 1;
