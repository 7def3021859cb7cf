DROP INDEX "contacts_email_idx";--> statement-breakpoint
CREATE INDEX "contacts_email_idx" ON "contacts" USING btree ("email" collate "C","list_id","id");