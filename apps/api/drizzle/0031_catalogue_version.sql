CREATE TABLE "catalogue_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One row, never more (the key can only be true).
ALTER TABLE "catalogue_version" ADD CONSTRAINT "catalogue_version_single_row" CHECK ("id");--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (true, 1);--> statement-breakpoint
-- Bumped once per statement that writes the catalogue, in that statement's transaction: a reader
-- sees the new number exactly when it sees the new rows.
CREATE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER plans_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plans FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();--> statement-breakpoint
CREATE TRIGGER offers_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offers FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();--> statement-breakpoint
CREATE TRIGGER billing_periods_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON billing_periods FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();--> statement-breakpoint
CREATE TRIGGER taxes_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON taxes FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
