-- Decision 028: every process keeps live sessions in memory, and the database itself tells them what
-- changed, so no write path can forget to. One notification per member whose sessions or user row
-- changed (PostgreSQL sends identical payloads once per transaction); '*' (forget everything) when a
-- statement touches many members at once. Sessions that were already expired are left out: no process
-- serves them, and the hourly sweep that deletes them then notifies nobody.
CREATE OR REPLACE FUNCTION notify_member_sessions(user_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  member text;
BEGIN
  IF cardinality(user_ids) > 100 THEN
    PERFORM pg_notify('member_sessions', '*');
    RETURN;
  END IF;
  FOREACH member IN ARRAY user_ids LOOP
    PERFORM pg_notify('member_sessions', member);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_changed_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_member_sessions(ARRAY(SELECT DISTINCT id FROM changed_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_changed_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_member_sessions(ARRAY(SELECT DISTINCT user_id FROM changed_rows WHERE expires_at > now()));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_all_member_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_sessions', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A trigger with a transition table takes one event, hence one trigger per event. A new session needs no
-- notification (no process holds it yet); the oldest ones it pushes out are deleted, which notifies.
CREATE TRIGGER users_notify_member_sessions_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_users();
--> statement-breakpoint
CREATE TRIGGER users_notify_member_sessions_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_users();
--> statement-breakpoint
CREATE TRIGGER users_notify_member_sessions_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_member_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_member_sessions_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_member_sessions_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_changed_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_member_sessions_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_all_member_sessions();
