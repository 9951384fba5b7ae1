/**
 * The PostgreSQL channel a transaction that queued outbox rows notifies when it commits (the trigger of
 * migrations-postgres/0005_outbox_notify.sql spells the same name): dispatchers listen on it.
 */
export const OUTBOX_CHANNEL = 'outbox_queued';
