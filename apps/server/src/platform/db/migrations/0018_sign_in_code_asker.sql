-- Issue 40, finding L1: a sign-in code keeps the hash of the client address that asked for it, so wrong
-- tries from strangers are counted apart from the tries of the member who asked, and cannot end their code.
ALTER TABLE "tokens" ADD COLUMN "requested_from" text;
