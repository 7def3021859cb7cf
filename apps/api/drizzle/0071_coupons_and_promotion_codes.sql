CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"promotion_code_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"first_time_only" boolean NOT NULL,
	"subscription_id" uuid,
	"payment_id" uuid,
	"invoice_id" uuid,
	"invoice_number" text,
	"amount_off_cents" integer NOT NULL,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"duration" text NOT NULL,
	"duration_in_months" integer,
	"applies_to" jsonb NOT NULL,
	"redeem_by" timestamp with time zone,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_one_discount" CHECK (("coupons"."percent_off" IS NULL) <> ("coupons"."amount_off_cents" IS NULL)),
	CONSTRAINT "coupons_percent" CHECK ("coupons"."percent_off" IS NULL OR "coupons"."percent_off" BETWEEN 1 AND 100),
	CONSTRAINT "coupons_amount" CHECK ("coupons"."amount_off_cents" IS NULL OR "coupons"."amount_off_cents" > 0),
	CONSTRAINT "coupons_months" CHECK (("coupons"."duration" = 'repeating') = ("coupons"."duration_in_months" IS NOT NULL)),
	CONSTRAINT "coupons_redemptions" CHECK ("coupons"."max_redemptions" IS NULL OR "coupons"."times_redeemed" <= "coupons"."max_redemptions")
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"first_time_only" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_codes_redemptions" CHECK ("promotion_codes"."max_redemptions" IS NULL OR "promotion_codes"."times_redeemed" <= "promotion_codes"."max_redemptions")
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "discount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_promotion_code_id_promotion_codes_id_fk" FOREIGN KEY ("promotion_code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_key_unique" ON "coupon_redemptions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_first_time_unique" ON "coupon_redemptions" USING btree ("user_id","promotion_code_id") WHERE "coupon_redemptions"."first_time_only";--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_id_created_at_index" ON "coupon_redemptions" USING btree ("coupon_id","created_at");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_subscription_id_index" ON "coupon_redemptions" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_code_unique" ON "promotion_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promotion_codes_coupon_id_index" ON "promotion_codes" USING btree ("coupon_id");--> statement-breakpoint
-- Hand-written: what a charge bills per month (migration 0053) is what is billed after a coupon's
-- discount when the discount recurs (a `repeating` or `forever` coupon's line has the plan's period
-- of service): a forever 50 % coupon halves that subscription's MRR. A `once` coupon's line has no
-- period and leaves the MRR as it was, as do a plan change's credit lines (negative, not discounts).
CREATE OR REPLACE FUNCTION subscription_billed_cents_per_month(payment uuid) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT sum(l.base_cents::numeric / CASE
      WHEN round(m.months) >= 1 AND abs(m.months - round(m.months)) <= 0.1 THEN round(m.months)
      ELSE greatest(m.months, 1 / 30.436875) END)
  FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
  CROSS JOIN LATERAL (SELECT (l.period_end - l.period_start) / 30.436875 AS months) m
  WHERE i.payment_id = payment AND i.kind = 'invoice' AND (l.base_cents > 0 OR l.discount) AND l.period_start IS NOT NULL
$$;
