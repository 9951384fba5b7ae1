CREATE TABLE `dev_mail` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`mail` text NOT NULL,
	`eml` blob NOT NULL
);
