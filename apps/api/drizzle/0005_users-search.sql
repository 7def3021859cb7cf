-- Admin Users at 100k+ rows: trigram indexes serve "contains" search on name, email, alias and
-- code; a plain index serves sorting by name.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_alias_trgm_idx ON users USING gin (alias gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_codigo_trgm_idx ON users USING gin (codigo gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_name_idx ON users (name, id);
