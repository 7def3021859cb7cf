DROP INDEX "contact_field_values_text_idx";--> statement-breakpoint
ALTER TABLE "contact_field_values" ADD COLUMN "text_key" text GENERATED ALWAYS AS (lower(text_value)) STORED;--> statement-breakpoint
CREATE INDEX "contact_field_values_text_key_idx" ON "contact_field_values" USING btree ("field_id","text_key","email") WHERE "contact_field_values"."text_key" is not null;--> statement-breakpoint
CREATE INDEX "contacts_email_idx" ON "contacts" USING btree ("email","list_id","id");