-- Webhook signing secrets are kept encrypted (AES-256-GCM under a key derived from the app secret, as
-- TOTP secrets are). The column is renamed here; the rows still in clear (`whsec_…`) are sealed by the
-- webhooks module at start-up, which needs the app secret that SQL does not have (modules/webhooks/secrets.ts).
ALTER TABLE "webhook_endpoints" RENAME COLUMN "secret" TO "secret_encrypted";
