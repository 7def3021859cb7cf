CREATE TABLE "payment_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"credit_note_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "source" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_provider_provider_ref_index" ON "payment_disputes" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "payment_disputes_payment_id_index" ON "payment_disputes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_provider_refund_ref_index" ON "payment_refunds" USING btree ("provider_refund_ref");--> statement-breakpoint
CREATE INDEX "provider_events_received_at_index" ON "provider_events" USING btree ("received_at");