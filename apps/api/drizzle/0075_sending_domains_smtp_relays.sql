CREATE TABLE "sending_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"local_part" text NOT NULL,
	"selector" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"public_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"in_use" boolean DEFAULT false NOT NULL,
	"records" jsonb NOT NULL,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smtp_relays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"secure" boolean DEFAULT false NOT NULL,
	"user" text DEFAULT '' NOT NULL,
	"password_sealed" text,
	"rate_messages" integer DEFAULT 0 NOT NULL,
	"rate_seconds" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_failure_at" timestamp with time zone,
	"last_failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sending_domains" ADD CONSTRAINT "sending_domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sending_domains_user_id_domain_index" ON "sending_domains" USING btree ("user_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sending_domains_in_use" ON "sending_domains" USING btree ("user_id") WHERE "sending_domains"."in_use";--> statement-breakpoint
CREATE INDEX "sending_domains_status_checked_at_index" ON "sending_domains" USING btree ("status","checked_at");