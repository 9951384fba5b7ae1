-- The recipient search's terms (schema/sessions.ts sessionTerms). WITHOUT ROWID: the key is the row, one b-tree
-- fewer per word written. Existing sessions' terms are written by migrate()'s data step (session-terms-backfill.ts).
CREATE TABLE `session_terms` (
	`session_id` text NOT NULL,
	`term` text NOT NULL,
	`account_id` text NOT NULL,
	PRIMARY KEY(`session_id`, `term`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `session_terms_account_term` ON `session_terms` (`account_id`,`term`,`session_id`);