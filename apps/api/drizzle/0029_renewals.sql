CREATE TABLE "subscription_renewals" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"lease_until" timestamp with time zone,
	"period_end" timestamp with time zone,
	"attempt" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"reminded_for" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_renewals_next_attempt_at_index" ON "subscription_renewals" USING btree ("next_attempt_at");