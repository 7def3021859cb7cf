-- Sensitive changes need a fresh proof of the owner within a few minutes (docs/security.md): the session
-- remembers when it last gave one (POST /api/user/reauthenticate), on the product clock.
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;