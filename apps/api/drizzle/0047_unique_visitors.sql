-- Unique visitors per card and day instead of every page view: the day's random salt (one row per
-- day, shared by every API process, deleted when the next day starts) and the day's visitor hashes
-- (salt + card + address + User-Agent, 16 bytes; the key refuses a second one, so a repeat visit is
-- not counted again; deleted after the day). No address is stored. The daily figure is renamed
-- `visitors`; days counted before this migration keep their page views.
CREATE TABLE "profile_daily_visitors" (
	"profile_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" "bytea" NOT NULL,
	CONSTRAINT "profile_daily_visitors_day_profile_id_visitor_pk" PRIMARY KEY("day","profile_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_daily_stats" RENAME COLUMN "visits" TO "visitors";--> statement-breakpoint
ALTER TABLE "profile_daily_visitors" ADD CONSTRAINT "profile_daily_visitors_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;