ALTER TABLE `audit_events` ADD `seq` integer;--> statement-breakpoint
ALTER TABLE `audit_events` ADD `prev_hash` text;--> statement-breakpoint
ALTER TABLE `audit_events` ADD `hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `audit_session_seq` ON `audit_events` (`session_id`,`seq`);