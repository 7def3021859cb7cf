CREATE TABLE "invoice_event_heads" (
	"issuer_tax_id" text PRIMARY KEY NOT NULL,
	"length" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"last_type" text DEFAULT '' NOT NULL,
	"last_generated_at" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"position" bigint NOT NULL,
	"event_type" text NOT NULL,
	"generated_at" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"system" jsonb NOT NULL,
	"details" jsonb NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"xml" text NOT NULL,
	"signed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_records" ADD COLUMN "signed_xml" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_events_issuer_tax_id_position_index" ON "invoice_events" USING btree ("issuer_tax_id","position");--> statement-breakpoint
CREATE INDEX "invoice_events_occurred_at_id_index" ON "invoice_events" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "invoice_events_event_type_occurred_at_index" ON "invoice_events" USING btree ("event_type","occurred_at");--> statement-breakpoint
-- The event log is append-only like the record chain (migration 0027): the database refuses to
-- change, delete or truncate an event; only the chain's heads move.
CREATE TRIGGER invoice_events_immutable BEFORE UPDATE OR DELETE ON invoice_events FOR EACH ROW EXECUTE FUNCTION invoice_parts_refuse_change();
--> statement-breakpoint
CREATE TRIGGER invoice_events_no_truncate BEFORE TRUNCATE ON invoice_events FOR EACH STATEMENT EXECUTE FUNCTION invoice_parts_refuse_change();
