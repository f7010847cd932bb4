-- Issue 40 (decision 070). L5: a member's collection ids are their own, so the key is (owner, id) and a
-- create never says whether another member holds an id. M2: a shared collection is reached by its
-- share id, an unguessable link apart from its document id, and never listed to other members.
ALTER TABLE "member_collections" DROP CONSTRAINT "member_collections_pkey";--> statement-breakpoint
ALTER TABLE "member_collections" ADD CONSTRAINT "member_collections_owner_id_id_pk" PRIMARY KEY("owner_id","id");--> statement-breakpoint
ALTER TABLE "member_collections" ADD COLUMN "share_id" text;--> statement-breakpoint
-- Every collection shared today gets a new link: 36 hex characters of two random UUIDs (gen_random_uuid()
-- reads the strong random source), 138 random bits, in Appwrite's id alphabet. Links made of document ids
-- stop working for other members; the owner copies the new one from "Mis colecciones".
UPDATE "member_collections"
SET "share_id" = substr(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 1, 36)
WHERE "shared";--> statement-breakpoint
CREATE UNIQUE INDEX "member_collections_share_idx" ON "member_collections" USING btree ("share_id");--> statement-breakpoint
DROP INDEX "member_collections_shared_idx";--> statement-breakpoint
ALTER TABLE "member_collections" DROP COLUMN "shared";
