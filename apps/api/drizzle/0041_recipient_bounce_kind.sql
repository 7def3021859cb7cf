-- Whether a bounced campaign recipient was a hard bounce (the address is wrong: suppressed at once)
-- or a soft one (this message was refused: suppressed after repeated ones). Null for older rows.
ALTER TABLE "campaign_recipients" ADD COLUMN "bounce" text;
