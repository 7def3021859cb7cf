-- Who a user's campaigns come from (name and postal address), and each campaign's copy of it taken
-- when it is scheduled or started. Campaigns started before have none and keep sending as before.
CREATE TABLE "campaign_senders" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"postal_address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sender" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_senders" ADD CONSTRAINT "campaign_senders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;