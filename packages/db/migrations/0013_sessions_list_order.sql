DROP INDEX `sessions_account_created`;--> statement-breakpoint
CREATE INDEX `sessions_account_created_id` ON `sessions` (`account_id`,`created_at`,`id`);