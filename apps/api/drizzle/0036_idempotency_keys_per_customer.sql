DROP INDEX "payments_idempotency_key_index";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_user_id_idempotency_key_index" ON "payments" USING btree ("user_id","idempotency_key");