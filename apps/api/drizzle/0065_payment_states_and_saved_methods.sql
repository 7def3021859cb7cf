CREATE TABLE "payment_customers" (
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "payment_method_setups" (
	"setup_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text,
	"status" text NOT NULL,
	"amount_cents" integer,
	"data" jsonb NOT NULL,
	"settles_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payments_charged_subscription_idx";--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "exp_month" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "exp_year" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "kind" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "mandate_text" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "mandate_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "mandate_ip" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "mandate_user_agent" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_action_secret" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resume" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD COLUMN "waiting_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD COLUMN "waiting_key" text;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_setups" ADD CONSTRAINT "payment_method_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sandbox_objects" ADD CONSTRAINT "payment_sandbox_objects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_method_setups_user_id_index" ON "payment_method_setups" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sandbox_objects_idempotency_key_index" ON "payment_sandbox_objects" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_sandbox_objects_user_id_index" ON "payment_sandbox_objects" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_provider_charge_ref_index" ON "payments" USING btree ("provider_charge_ref");--> statement-breakpoint
CREATE INDEX "payments_processing_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "payments_charged_subscription_idx" ON "payments" USING btree ("subscription_id","created_at") WHERE "payments"."status" not in ('failed', 'requires_action');