-- Decision 016: text matching only reads folded, trigram-indexed columns, and those indexes take no
-- pending-list updates (every search would read the unsorted list until a vacuum, which PGlite never runs).
ALTER INDEX "projects_title_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "projects_author_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('projects_title_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('projects_author_search_idx'::regclass);--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_search" text GENERATED ALWAYS AS (search_text(name)) STORED;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "name_search" text GENERATED ALWAYS AS (search_text(name)) STORED;--> statement-breakpoint
CREATE INDEX "categories_name_idx" ON "categories" USING btree ("name","sequence");--> statement-breakpoint
CREATE INDEX "categories_name_search_idx" ON "categories" USING gin ("name_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "tags_name_idx" ON "tags" USING btree ("name","sequence");--> statement-breakpoint
CREATE INDEX "tags_name_search_idx" ON "tags" USING gin ("name_search" gin_trgm_ops) WITH (fastupdate=false);
