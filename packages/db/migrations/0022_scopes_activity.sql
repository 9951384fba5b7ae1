CREATE TABLE `activity_events` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` text,
	`actor_label` text NOT NULL,
	`action` text NOT NULL,
	`target_kind` text,
	`target_id` text,
	`details` text,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activity_events_account` ON `activity_events` (`account_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `refresh_tokens` ADD `scopes` text DEFAULT 'sessions:send sessions:read sessions:cancel templates:read templates:write drive webhooks account:read account:admin' NOT NULL;--> statement-breakpoint
ALTER TABLE `refresh_tokens` ADD `created_by` text DEFAULT 'unrecorded' NOT NULL;--> statement-breakpoint
ALTER TABLE `refresh_tokens` ADD `created_by_member_id` text;--> statement-breakpoint
CREATE INDEX `refresh_tokens_creator` ON `refresh_tokens` (`created_by_member_id`);