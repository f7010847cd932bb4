-- Issue 13: Appwrite's user labels; a member labelled `admin` may use the owner's console.
ALTER TABLE "users" ADD COLUMN "labels" text[] DEFAULT '{}'::text[] NOT NULL;