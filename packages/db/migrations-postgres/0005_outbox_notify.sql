-- Wakes the dispatchers listening on "outbox_queued" (OUTBOX_CHANNEL in src/outbox-channel.ts) when rows are
-- queued: PostgreSQL sends the notification when the inserting transaction commits, once however many rows it
-- queued, so no dispatcher polls to find new rows and no process has to tell them through Redis.
CREATE FUNCTION outbox_queued_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_queued', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER outbox_queued AFTER INSERT ON "outbox" FOR EACH STATEMENT EXECUTE FUNCTION outbox_queued_notify();
