CREATE TABLE "contact_field_values" (
	"field_id" uuid NOT NULL,
	"email" text NOT NULL,
	"text_value" text,
	"number_value" numeric,
	"date_value" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_field_values_field_id_email_pk" PRIMARY KEY("field_id","email")
);
--> statement-breakpoint
CREATE TABLE "contact_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"on_form" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rule" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_steps" ADD COLUMN "segment_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_field_values" ADD CONSTRAINT "contact_field_values_field_id_contact_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."contact_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_fields" ADD CONSTRAINT "contact_fields_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_field_values_text_idx" ON "contact_field_values" USING btree ("field_id",lower("text_value"),"email");--> statement-breakpoint
CREATE INDEX "contact_field_values_number_idx" ON "contact_field_values" USING btree ("field_id","number_value","email");--> statement-breakpoint
CREATE INDEX "contact_field_values_date_idx" ON "contact_field_values" USING btree ("field_id","date_value","email");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_fields_user_name_idx" ON "contact_fields" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "segments_user_id_created_at_index" ON "segments" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "automation_steps" ADD CONSTRAINT "automation_steps_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "campaigns" SET "audience" = "audience" || '{"segmentIds":[]}'::jsonb WHERE NOT ("audience" ? 'segmentIds');
--> statement-breakpoint
-- The contact fields asked on the contact form are part of the owner's public pages: a change in any
-- process drops the owner's cached pages everywhere, as a profile's or a wall post's change does (0009, 0033).
CREATE TRIGGER contact_fields_public_notify AFTER INSERT OR UPDATE OR DELETE ON contact_fields FOR EACH ROW EXECUTE FUNCTION enlaza_notify_public_wall();
