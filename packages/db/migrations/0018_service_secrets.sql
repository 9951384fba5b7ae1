CREATE TABLE `service_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`encrypted` text NOT NULL,
	`created_at` integer NOT NULL
);
