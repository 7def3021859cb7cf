ALTER TABLE "subscriptions" ADD COLUMN "billing_anchor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issue_date" date;--> statement-breakpoint
CREATE INDEX "invoices_issue_date_index" ON "invoices" USING btree ("issue_date");--> statement-breakpoint
-- Invoices issued before this migration keep the date they were printed and recorded with (their
-- UTC day): the record chain hashed it, so it must not move. The column is filled with the
-- immutability trigger set aside for this one statement (only this new column changes), then required.
ALTER TABLE "invoices" DISABLE TRIGGER "invoices_immutable";--> statement-breakpoint
UPDATE "invoices" SET "issue_date" = ("issued_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER "invoices_immutable";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "issue_date" SET NOT NULL;--> statement-breakpoint
-- Revenue months are the months of the issue dates (the seller's calendar) from now on. The rows
-- already summed used the UTC month, which is the issue date's month of every invoice issued before.
CREATE OR REPLACE FUNCTION invoice_revenue_months_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_revenue_months (month, currency, net_cents, documents)
  SELECT to_char(issue_date, 'YYYY-MM'), currency, sum(subtotal_cents), count(*)
  FROM issued GROUP BY 1, 2
  ON CONFLICT (month, currency) DO UPDATE
    SET net_cents = invoice_revenue_months.net_cents + excluded.net_cents,
        documents = invoice_revenue_months.documents + excluded.documents;
  RETURN NULL;
END $$;
