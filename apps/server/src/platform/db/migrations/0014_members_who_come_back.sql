-- Issue 32 (decision 064): members' named collections (Appwrite documents with document-level
-- permissions), each member's previous visit ("Novedades"), and the weekly what's-new email's weeks.
CREATE TABLE "member_collections" (
	"id" text PRIMARY KEY NOT NULL,
	"sequence" bigserial NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"project_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	CONSTRAINT "member_collections_sequence_unique" UNIQUE("sequence")
);
--> statement-breakpoint
CREATE TABLE "news_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"sequence" bigserial NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"since" timestamp (3) with time zone NOT NULL,
	"until" timestamp (3) with time zone NOT NULL,
	"project_count" integer NOT NULL,
	"recipient_count" integer NOT NULL,
	CONSTRAINT "news_emails_sequence_unique" UNIQUE("sequence")
);
--> statement-breakpoint
ALTER TABLE "email_queue" ADD COLUMN "news_email_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_visit_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "member_collections" ADD CONSTRAINT "member_collections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_collections_owner_idx" ON "member_collections" USING btree ("owner_id","position","sequence");--> statement-breakpoint
CREATE INDEX "member_collections_shared_idx" ON "member_collections" USING btree ("sequence") WHERE "member_collections"."shared";--> statement-breakpoint
CREATE UNIQUE INDEX "news_emails_until_idx" ON "news_emails" USING btree ("until");--> statement-breakpoint
ALTER TABLE "email_queue" ADD CONSTRAINT "email_queue_news_email_id_news_emails_id_fk" FOREIGN KEY ("news_email_id") REFERENCES "public"."news_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_queue_news_member_idx" ON "email_queue" USING btree ("news_email_id","user_id") WHERE "email_queue"."news_email_id" IS NOT NULL;