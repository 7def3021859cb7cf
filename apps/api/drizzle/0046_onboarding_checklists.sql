-- The guided start's checklist on the user dashboard: one row per account activated from now on (so
-- older accounts never see it), the two recorded actions (a card previewed, a card shared) and the dismissal.
CREATE TABLE "onboarding_checklists" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"previewed_at" timestamp with time zone,
	"shared_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onboarding_checklists" ADD CONSTRAINT "onboarding_checklists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;