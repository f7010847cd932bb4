-- Issue 28, item 2 (decision 057): a member's access is the sum of what granted it (the owner, each
-- paid order, the admin label); a refund or dispute ends only its own order's grant.
ALTER TABLE "order_events" ADD COLUMN "access" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "access_detail" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_detail" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "granted_by_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A member an order made was inserted in the transaction that recorded one of that order's events, so
-- with the same default now() (the transaction's start) as that event's `created_at`. Every other member
-- was let in by the owner: created, invited or imported, the demo member (or, with ALLOW_SIGNUP, a
-- visitor's own sign-up, which no column tells apart).
UPDATE "users" SET "granted_by_owner" = true
WHERE NOT EXISTS (
  SELECT 1 FROM "order_events" "e" JOIN "orders" "o" ON "o"."id" = "e"."order_id"
  WHERE "o"."user_id" = "users"."id" AND "e"."created_at" = "users"."created_at"
);--> statement-breakpoint
-- Members whose access a refund or dispute ended although something else grants it (the owner, the
-- admin label, a paid order) get it back, as the rule now says.
UPDATE "users" SET "blocked_reason" = NULL, "updated_at" = now()
WHERE "blocked_reason" IN ('refunded', 'disputed')
  AND ("granted_by_owner" OR 'admin' = ANY("labels") OR EXISTS (
    SELECT 1 FROM "orders" "o" WHERE "o"."user_id" = "users"."id" AND "o"."status" = 'paid'
  ));--> statement-breakpoint
-- Paid orders that made or kept a member have granted access; what earlier refunds did was not recorded.
UPDATE "orders" SET "access" = 'granted'
WHERE "status" = 'paid' AND "user_id" IS NOT NULL AND "notified_at" IS NOT NULL;
