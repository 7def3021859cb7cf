CREATE TABLE "payment_redsys_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"response" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_redsys_orders" ADD CONSTRAINT "payment_redsys_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_redsys_orders_idempotency_key_index" ON "payment_redsys_orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_redsys_orders_order_index" ON "payment_redsys_orders" USING btree ("order");--> statement-breakpoint
CREATE INDEX "payment_redsys_orders_user_id_index" ON "payment_redsys_orders" USING btree ("user_id");