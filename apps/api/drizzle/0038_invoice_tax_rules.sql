-- Each invoice keeps the VAT rule it applied (where the buyer is, whether a business with a valid EU
-- VAT number). Every document issued before charged the default (Spanish) tax whatever the buyer,
-- i.e. the domestic rule: the column's default fills them in as it is added (no UPDATE, so the
-- immutability trigger of 0021 is not involved), and is dropped after: a new row must say its rule.
ALTER TABLE "invoices" ADD COLUMN "tax_rule" text NOT NULL DEFAULT 'domestic';--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax_rule" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_rule" CHECK ("invoices"."tax_rule" IN ('domestic', 'eu_reverse_charge', 'eu_consumer_origin', 'eu_consumer_oss', 'outside_eu'));
