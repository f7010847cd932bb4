-- Issue 28, item 13: when the catalogue first got projects, so that only projects added after it are
-- news. A store that already has a catalogue got it in one transaction (the demo seed, an import), so
-- its oldest project says when.
ALTER TABLE "catalog_state" ADD COLUMN "first_loaded_at" timestamp (3) with time zone;
--> statement-breakpoint
UPDATE "catalog_state" SET "first_loaded_at" = (SELECT min("created_at") FROM "projects") WHERE "id" = 1;
--> statement-breakpoint
-- now() is the transaction's start, the same instant as the default `created_at` of the projects it
-- inserts: the first load's projects are not after it.
CREATE OR REPLACE FUNCTION note_first_catalog_load() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_state SET first_loaded_at = now()
    WHERE id = 1 AND first_loaded_at IS NULL AND EXISTS (SELECT 1 FROM projects);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER projects_note_first_catalog_load AFTER INSERT ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION note_first_catalog_load();
