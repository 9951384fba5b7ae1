-- Template tags (schema/templates.ts templateTags). WITHOUT ROWID: the key (template, folded tag) is the row.
CREATE TABLE `template_tags` (
	`account_id` text NOT NULL,
	`template_id` text NOT NULL,
	`tag_key` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`template_id`, `tag_key`),
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `template_tags_account_tag` ON `template_tags` (`account_id`,`tag_key`,`template_id`);