CREATE TABLE "eu_vat_rates" (
	"country" text PRIMARY KEY NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "eu_vat_rates_rate_range" CHECK ("eu_vat_rates"."rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "eu_vat_rates" ADD CONSTRAINT "eu_vat_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the standard VAT rates in force on 1 January 2026 (European Commission, "VAT rates
-- applied in the Member States of the European Union"), in basis points; admins edit them since.
INSERT INTO "eu_vat_rates" ("country", "rate_basis_points") VALUES
  ('AT', 2000), ('BE', 2100), ('BG', 2000), ('CY', 1900), ('CZ', 2100), ('DE', 1900), ('DK', 2500),
  ('EE', 2400), ('ES', 2100), ('FI', 2550), ('FR', 2000), ('GR', 2400), ('HR', 2500), ('HU', 2700),
  ('IE', 2300), ('IT', 2200), ('LT', 2100), ('LU', 1700), ('LV', 2100), ('MT', 1800), ('NL', 2100),
  ('PL', 2300), ('PT', 2300), ('RO', 2100), ('SE', 2500), ('SI', 2200), ('SK', 2300);--> statement-breakpoint
-- Hand-written: a rate change moves the catalogue's version, as a tax change does, so the plans
-- answers each process keeps (keyed by that version) are made again with the new rate.
CREATE TRIGGER eu_vat_rates_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON eu_vat_rates FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
