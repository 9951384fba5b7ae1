DROP INDEX `participants_email`;--> statement-breakpoint
CREATE INDEX `participants_email_lower` ON `participants` (lower("email"));