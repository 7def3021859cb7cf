CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"body" text NOT NULL,
	"consent" boolean DEFAULT false NOT NULL,
	"location" jsonb,
	"locale" text,
	"read_at" timestamp with time zone,
	"starred" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "mime_type" text DEFAULT 'application/octet-stream' NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "storage_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_profile_live_idx" ON "messages" USING btree ("profile_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "messages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "messages_profile_trash_idx" ON "messages" USING btree ("profile_id","deleted_at") WHERE "messages"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_user_unread_idx" ON "messages" USING btree ("user_id","profile_id") WHERE "messages"."read_at" is null and "messages"."deleted_at" is null and "messages"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "stored_files_user_created_idx" ON "stored_files" USING btree ("user_id","created_at","id");