DROP INDEX "projects_title_trgm_idx";--> statement-breakpoint
DROP INDEX "projects_author_trgm_idx";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "title_search" text GENERATED ALWAYS AS (search_text(title)) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "author_search" text GENERATED ALWAYS AS (search_text(author)) STORED;--> statement-breakpoint
CREATE INDEX "projects_title_search_idx" ON "projects" USING gin ("title_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_author_search_idx" ON "projects" USING gin ("author_search" gin_trgm_ops);