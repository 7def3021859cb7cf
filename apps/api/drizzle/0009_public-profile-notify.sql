-- Tell every API process when a profile or its owner changes, so their caches of public profiles drop that owner's entries at once.
CREATE OR REPLACE FUNCTION enlaza_notify_public() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('enlaza_public', OLD.id::text);
  ELSE
    PERFORM pg_notify('enlaza_public', OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('enlaza_public', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_public_notify AFTER UPDATE OR DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION enlaza_notify_public();
--> statement-breakpoint
CREATE TRIGGER users_public_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION enlaza_notify_public();
