-- Whether a user's campaigns count opens and clicks (an invisible image, links through the app).
-- On for every sender saved before the setting existed.
ALTER TABLE "campaign_senders" ADD COLUMN "tracking" boolean DEFAULT true NOT NULL;
