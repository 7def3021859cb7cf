ALTER TABLE "notifications" ADD COLUMN "source_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_source_key_idx" ON "notifications" USING btree ("source_key");