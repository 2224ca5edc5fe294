-- Extensions for accent- and case-insensitive product search (SPEC §5 Search).
-- drizzle-kit does not emit CREATE EXTENSION, so this migration is hand-written.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE; an IMMUTABLE wrapper with a fixed dictionary can back an index.
CREATE OR REPLACE FUNCTION clarear_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
