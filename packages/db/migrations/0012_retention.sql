ALTER TABLE `accounts` ADD `retention_days` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `retention_days` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `legal_hold_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `purge_requested_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `purge_reason` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `purged_at` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `purged_chain_head` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `purged_event_count` integer;--> statement-breakpoint
CREATE INDEX `sessions_purge_pending` ON `sessions` (`purge_requested_at`,`purged_at`);