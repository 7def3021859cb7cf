ALTER TABLE "add_ons" ADD COLUMN "tax_id" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "tax_id" uuid;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "add_ons" ADD CONSTRAINT "add_ons_tax_id_taxes_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."taxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_tax_id_taxes_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."taxes"("id") ON DELETE no action ON UPDATE no action;