-- Webhook tokens already taken: a Mailgun signature covers its timestamp and token, not the events,
-- so each token is accepted once within the replay window (then the row is deleted).
CREATE TABLE "webhook_tokens" (
	"provider" text NOT NULL,
	"token" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_tokens_provider_token_idx" ON "webhook_tokens" USING btree ("provider","token");--> statement-breakpoint
CREATE INDEX "webhook_tokens_seen_idx" ON "webhook_tokens" USING btree ("seen_at");