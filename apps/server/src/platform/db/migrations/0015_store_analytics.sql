-- Issue 33 (decision 065): the store's own analytics as daily aggregates, the day's salt and visitor
-- hashes (deleted with the day), weekly active members as keyed hashes, an order's campaign, a member's first sign-in.
CREATE TABLE "analytics_active_members" (
	"week" date NOT NULL,
	"member_hash" text NOT NULL,
	CONSTRAINT "analytics_active_members_week_member_hash_pk" PRIMARY KEY("week","member_hash")
);
--> statement-breakpoint
CREATE TABLE "analytics_counts" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "analytics_counts_day_metric_key_pk" PRIMARY KEY("day","metric","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"day" date NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "analytics_visitors_day_hash_pk" PRIMARY KEY("day","hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_signed_in_at" timestamp (3) with time zone;