CREATE INDEX "subscriptions_created_at_id_index" ON "subscriptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_index" ON "subscriptions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "payments_created_at_id_index" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_subscription_id_created_at_index" ON "payments" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_charged_subscription_idx" ON "payments" USING btree ("subscription_id","created_at") WHERE "payments"."status" <> 'failed';