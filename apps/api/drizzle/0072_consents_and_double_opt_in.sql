CREATE TABLE "consent_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"double_opt_in" boolean DEFAULT true NOT NULL,
	"subject" text,
	"body" text,
	"thanks" text,
	"pending_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"message_id" uuid,
	"contact_id" uuid,
	"origin" text NOT NULL,
	"text" text NOT NULL,
	"text_version" text NOT NULL,
	"locale" text NOT NULL,
	"method" text NOT NULL,
	"token_hash" text,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_settings" ADD CONSTRAINT "consent_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_email_idx" ON "consents" USING btree ("user_id","email","created_at");--> statement-breakpoint
CREATE INDEX "consents_message_idx" ON "consents" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "consents_contact_idx" ON "consents" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consents_token_idx" ON "consents" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "consents_waiting_idx" ON "consents" USING btree ("expires_at") WHERE "consents"."confirmed_at" is null and "consents"."expired_at" is null;--> statement-breakpoint
-- Accounts that existed before double opt-in keep taking consents as they did (one tick is enough); new accounts confirm by email.
INSERT INTO "consent_settings" ("user_id", "double_opt_in") SELECT "id", false FROM "users";
