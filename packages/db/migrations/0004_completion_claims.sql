ALTER TABLE `sessions` ADD `completion_claim` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `completion_claimed_until` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `completion_time` integer;--> statement-breakpoint
ALTER TABLE `sessions` ADD `completion_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `completion_error` text;