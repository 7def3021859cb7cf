-- A card's team: written here because the profiles schema cannot name the teams table (the teams
-- schema names profiles, and the two would import each other). A deleted team leaves its cards to
-- their holders as personal cards; the profile's own trigger (0009) then drops their cached pages.
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A team's name or alias is on every one of its cards' public pages (the alias is in their address):
-- a change tells every API process to drop the cached pages of each holder of one of its cards, as a
-- profile's change does (0009).
CREATE OR REPLACE FUNCTION enlaza_notify_public_team() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('enlaza_public', holder.user_id::text)
    FROM (SELECT DISTINCT user_id FROM profiles WHERE team_id = NEW.id) AS holder;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER teams_public_notify AFTER UPDATE OF name, alias ON teams FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.alias IS DISTINCT FROM NEW.alias) EXECUTE FUNCTION enlaza_notify_public_team();
