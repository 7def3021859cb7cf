CREATE TABLE "folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_labels" (
	"profile_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	CONSTRAINT "profile_labels_profile_id_label_id_pk" PRIMARY KEY("profile_id","label_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_file_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "cover_file_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "theme" jsonb DEFAULT '{"color":"#12b886","layout":"classic"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "contact_form" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "wall" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "folder_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "card" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tag" jsonb;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_labels" ADD CONSTRAINT "profile_labels_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_labels" ADD CONSTRAINT "profile_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "folders_user_kind_name_idx" ON "folders" USING btree ("user_id","kind",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "labels_user_kind_name_idx" ON "labels" USING btree ("user_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "profile_labels_label_id_index" ON "profile_labels" USING btree ("label_id");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_photo_file_id_stored_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_cover_file_id_stored_files_id_fk" FOREIGN KEY ("cover_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_user_kind_updated_idx" ON "profiles" USING btree ("user_id","kind","updated_at");--> statement-breakpoint
CREATE INDEX "profiles_folder_id_index" ON "profiles" USING btree ("folder_id");