CREATE TABLE "storefront_draft" (
	"id" integer PRIMARY KEY NOT NULL,
	"content" jsonb,
	"revision" integer NOT NULL,
	"base_version" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_versions" (
	"number" integer PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_source" text,
	"actor_id" text,
	"actor_email" text,
	"changed" text[] NOT NULL,
	"restored_from" integer,
	"source" text NOT NULL
);
--> statement-breakpoint
-- Issue 41 (decision 073): one draft at most, and versions only of the four kinds the store makes.
ALTER TABLE "storefront_draft" ADD CONSTRAINT "storefront_draft_one_row" CHECK ("id" = 1);
--> statement-breakpoint
ALTER TABLE "storefront_versions" ADD CONSTRAINT "storefront_versions_source"
  CHECK ("source" IN ('default', 'publish', 'restore', 'import'));
--> statement-breakpoint
-- Every process draws the public pages of the newest version: a statement that adds one tells them all on
-- this channel, with the highest number it wrote, and each reads that version and draws it within a second.
CREATE OR REPLACE FUNCTION notify_storefront() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  newest integer := (SELECT max(number) FROM added_versions);
BEGIN
  -- Version 1 written at a start that found it there already (ON CONFLICT DO NOTHING) added nothing.
  IF newest IS NOT NULL THEN
    PERFORM pg_notify('storefront', newest::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER storefront_versions_notify AFTER INSERT ON storefront_versions
  REFERENCING NEW TABLE AS added_versions FOR EACH STATEMENT EXECUTE FUNCTION notify_storefront();
