-- Issue 31 (decision 063): keys the store makes for itself once, such as the one that gives an email
-- that is no member's a stable stand-in id when a sign-in link or code is asked for.
CREATE TABLE "store_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
