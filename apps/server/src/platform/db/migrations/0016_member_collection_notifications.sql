-- Issue 32 (decision 064): every process keeps the answers of members' lists of their own collections in
-- memory, and the database tells them whose collections changed, as it does for sessions (decision 028):
-- one notification per owner whose collections a statement wrote; '*' when it wrote many owners' at once.
CREATE OR REPLACE FUNCTION notify_member_collections(owner_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  IF cardinality(owner_ids) > 100 THEN
    PERFORM pg_notify('member_collections', '*');
    RETURN;
  END IF;
  FOREACH owner IN ARRAY owner_ids LOOP
    PERFORM pg_notify('member_collections', owner);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_changed_member_collections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_member_collections(ARRAY(SELECT DISTINCT owner_id FROM changed_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_all_member_collections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_collections', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A trigger with a transition table takes one event, hence one trigger per event. An update names the
-- owners before it (a collection never changes owner).
CREATE TRIGGER member_collections_notify_insert AFTER INSERT ON member_collections
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_member_collections();
--> statement-breakpoint
CREATE TRIGGER member_collections_notify_update AFTER UPDATE ON member_collections
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_member_collections();
--> statement-breakpoint
CREATE TRIGGER member_collections_notify_delete AFTER DELETE ON member_collections
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_member_collections();
--> statement-breakpoint
CREATE TRIGGER member_collections_notify_truncate AFTER TRUNCATE ON member_collections
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_member_collections();
