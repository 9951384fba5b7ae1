ALTER TABLE `refresh_tokens` ADD `test` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `test` integer DEFAULT false NOT NULL;