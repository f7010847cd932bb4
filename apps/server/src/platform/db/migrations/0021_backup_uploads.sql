CREATE TABLE "backup_uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file" text NOT NULL,
	"host" text NOT NULL,
	"local_bytes" bigint NOT NULL,
	"made_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp (3) with time zone,
	"last_reason" text,
	"last_error" text,
	"uploaded_at" timestamp (3) with time zone,
	"bytes" bigint
);
--> statement-breakpoint
CREATE INDEX "backup_uploads_due_idx" ON "backup_uploads" USING btree ("status","next_attempt_at");