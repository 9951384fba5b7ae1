CREATE TABLE `allowance_daily` (
	`account_id` text NOT NULL,
	`day` integer NOT NULL,
	`units` integer NOT NULL,
	PRIMARY KEY(`account_id`, `day`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `drive_oauth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`code_verifier` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `drive_connections` ADD `account_email` text;