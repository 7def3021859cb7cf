-- Tell every API process when a user or a session changes, so their session caches drop it at once.
CREATE OR REPLACE FUNCTION enlaza_notify_auth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('enlaza_auth', OLD.id::text);
  ELSE
    PERFORM pg_notify('enlaza_auth', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION enlaza_notify_auth();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_notify AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION enlaza_notify_auth();
