-- Invoices may apply a sixth VAT rule, `excluded_territory`: a buyer in the Canary Islands, Ceuta or
-- Melilla (Spain, but outside the territory where IVA applies, Ley 37/1992 article 3) is not subject.
-- Users keep what VIES said of their tax id when it was saved (`registered`, or `unavailable`: kept
-- unconfirmed because VIES did not answer); null when it was not looked up. Existing rows: null.
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_tax_rule";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_id_registration" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tax_id_registration" CHECK ("users"."tax_id_registration" IN ('registered', 'unavailable'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_rule" CHECK ("invoices"."tax_rule" IN ('domestic', 'eu_reverse_charge', 'eu_consumer_origin', 'eu_consumer_oss', 'outside_eu', 'excluded_territory'));