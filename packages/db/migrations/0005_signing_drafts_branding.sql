CREATE TABLE `account_branding` (
	`account_id` text PRIMARY KEY NOT NULL,
	`accent_color` text,
	`logo_type` text,
	`logo_base64` text,
	`logo_hash` text,
	`frame_origins` text DEFAULT '[]' NOT NULL,
	`default_locale` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `signing_drafts` (
	`participant_id` text PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
