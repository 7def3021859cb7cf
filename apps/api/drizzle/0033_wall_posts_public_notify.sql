-- A wall post's change (written, published by the scheduled job in any process, unpublished, pinned,
-- trashed) tells every API process to drop its owner's cached public pages, as a profile's change does
-- (0009): the public profile cache's entries then need no short life to catch up with the wall.
CREATE OR REPLACE FUNCTION enlaza_notify_public_wall() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('enlaza_public', OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('enlaza_public', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wall_posts_public_notify AFTER INSERT OR UPDATE OR DELETE ON wall_posts FOR EACH ROW EXECUTE FUNCTION enlaza_notify_public_wall();
