-- The recipient search's terms; existing sessions' are written by migratePostgres's data step (session-terms-backfill.ts).
CREATE TABLE "session_terms" (
	"session_id" text COLLATE "C" NOT NULL,
	"term" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	CONSTRAINT "session_terms_session_id_term_pk" PRIMARY KEY("session_id","term")
);
--> statement-breakpoint
ALTER TABLE "session_terms" ADD CONSTRAINT "session_terms_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_terms_account_term" ON "session_terms" USING btree ("account_id","term","session_id");