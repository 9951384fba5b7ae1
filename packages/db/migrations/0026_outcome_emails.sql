ALTER TABLE `accounts` ADD `outcome_email` text;--> statement-breakpoint
ALTER TABLE `members` ADD `outcome_emails` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `members` ADD `email_locale` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `sent_by_member_id` text;