-- A file going to the trash or coming back tells every API process to drop its owner's cached public
-- pages, as a profile's change does (0009): a card or tag shows its photo and cover only while their
-- file is live, and a wall post its image. Renames and other changes of a file change no public page.
CREATE OR REPLACE FUNCTION enlaza_notify_public_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('enlaza_public', NEW.user_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stored_files_public_notify AFTER UPDATE OF deleted_at ON stored_files FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at) EXECUTE FUNCTION enlaza_notify_public_file();
