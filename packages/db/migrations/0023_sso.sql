CREATE TABLE `sso_assertions` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sso_assertions_expires` ON `sso_assertions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sso_connections` (
	`account_id` text PRIMARY KEY NOT NULL,
	`protocol` text NOT NULL,
	`domain` text NOT NULL,
	`verification_token` text NOT NULL,
	`domain_verified_at` integer,
	`settings` text NOT NULL,
	`client_secret` text,
	`default_role` text NOT NULL,
	`require_sso` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sso_connections_domain` ON `sso_connections` (`domain`);--> statement-breakpoint
CREATE TABLE `sso_flows` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`protocol` text NOT NULL,
	`browser_hash` text NOT NULL,
	`nonce` text NOT NULL,
	`code_verifier` text,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sso_flows_expires` ON `sso_flows` (`expires_at`);