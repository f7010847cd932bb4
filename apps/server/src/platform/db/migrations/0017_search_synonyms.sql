CREATE TABLE "search_synonyms" (
	"id" text PRIMARY KEY NOT NULL,
	"one_side" text NOT NULL,
	"other_side" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_sides_idx" ON "search_synonyms" USING btree ("one_side","other_side");--> statement-breakpoint
-- Issue 34 (decision 067): the search applies the synonyms to the query's words, and every process keeps
-- them in memory; a statement that changes them tells every process on this channel, which reads them
-- again (at most 500 rows) and searches with them at once, with no index to rebuild.
CREATE OR REPLACE FUNCTION notify_search_synonyms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_synonyms', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_synonyms_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION notify_search_synonyms();
