ALTER TABLE `prepared_documents` ADD `active_content_removed` text;--> statement-breakpoint
ALTER TABLE `template_documents` ADD `active_content_removed` text;