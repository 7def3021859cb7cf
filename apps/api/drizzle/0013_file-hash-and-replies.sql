ALTER TABLE "messages" ADD COLUMN "replies" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "sha256" text;--> statement-breakpoint
CREATE INDEX "stored_files_user_sha256_idx" ON "stored_files" USING btree ("user_id","sha256");