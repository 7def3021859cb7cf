CREATE TABLE "invoice_record_submissions" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"position" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"csv" text,
	"error_code" text,
	"error_description" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_record_submissions_state" CHECK ("invoice_record_submissions"."state" IN ('pending', 'accepted', 'accepted_with_errors', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "invoice_submission_senders" (
	"issuer_tax_id" text PRIMARY KEY NOT NULL,
	"lease_id" uuid,
	"lease_until" timestamp with time zone,
	"next_send_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invoice_record_submissions" ADD CONSTRAINT "invoice_record_submissions_record_id_invoice_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."invoice_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_record_submissions_issuer_tax_id_state_position_index" ON "invoice_record_submissions" USING btree ("issuer_tax_id","state","position");--> statement-breakpoint
CREATE INDEX "invoice_record_submissions_state_position_index" ON "invoice_record_submissions" USING btree ("state","position");