-- Fetches of a campaign email's open pixel and links by machines (mail scanners, link previews, HEAD
-- requests), counted apart from people's opens and clicks.
ALTER TABLE "campaign_recipients" ADD COLUMN "machine_opens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "machine_clicks" integer DEFAULT 0 NOT NULL;
