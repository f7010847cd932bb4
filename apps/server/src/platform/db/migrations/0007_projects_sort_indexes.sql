-- Decision 029: the gallery sorts A–Z (title, then $sequence) and newest first ($createdAt, $sequence);
-- these indexes return the rows in those orders instead of sorting the table (decision 016).
CREATE INDEX "projects_title_idx" ON "projects" USING btree ("title","sequence");--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("created_at","sequence");