CREATE TABLE "invoice_chain_heads" (
	"issuer_tax_id" text PRIMARY KEY NOT NULL,
	"length" bigint NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"position" bigint NOT NULL,
	"invoice_id" uuid NOT NULL,
	"number" text NOT NULL,
	"issue_date" text NOT NULL,
	"invoice_type" text NOT NULL,
	"tax_total" text NOT NULL,
	"total" text NOT NULL,
	"previous_hash" text NOT NULL,
	"generated_at" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_records" ADD CONSTRAINT "invoice_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_records_issuer_tax_id_position_index" ON "invoice_records" USING btree ("issuer_tax_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_records_invoice_id_index" ON "invoice_records" USING btree ("invoice_id");