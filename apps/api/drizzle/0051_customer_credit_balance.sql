CREATE TABLE "customer_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "offer_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_credits_payment_id_kind_index" ON "customer_credits" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "customer_credits_user_id_created_at_index" ON "customer_credits" USING btree ("user_id","created_at");--> statement-breakpoint
-- A credit added is positive, a credit used negative (hand-written: the ledger's sign is its meaning).
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_sign" CHECK (("kind" = 'plan_change' AND "amount_cents" > 0) OR ("kind" = 'applied' AND "amount_cents" < 0));
