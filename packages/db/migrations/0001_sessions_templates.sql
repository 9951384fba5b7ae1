CREATE TABLE `allowance_usage` (
	`account_id` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`used` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `allowances` (
	`account_id` text PRIMARY KEY NOT NULL,
	`units` integer NOT NULL,
	`period_ms` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `blobs` (
	`sha256` text PRIMARY KEY NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `prepared_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`source_sha256` text NOT NULL,
	`signer_count` integer NOT NULL,
	`prepared_sha256` text NOT NULL,
	`page_count` integer NOT NULL,
	`source_page_count` integer NOT NULL,
	`layout` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prepared_documents_source` ON `prepared_documents` (`source_sha256`,`signer_count`);--> statement-breakpoint
CREATE TABLE `drive_connections` (
	`account_id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `audit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`participant_id` text,
	`type` text NOT NULL,
	`at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	`data` text,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audit_session` ON `audit_events` (`session_id`,`at`);--> statement-breakpoint
CREATE TABLE `bulk_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`template_id` text,
	`entry_count` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`position` integer NOT NULL,
	`filename` text NOT NULL,
	`cloud_file_id` text,
	`source_sha256` text NOT NULL,
	`prepared_sha256` text NOT NULL,
	`prepared_document_id` text,
	`template_document_id` text,
	`page_count` integer NOT NULL,
	`final_sha256` text,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `documents_session` ON `documents` (`session_id`,`position`);--> statement-breakpoint
CREATE TABLE `field_values` (
	`session_id` text NOT NULL,
	`field_id` text NOT NULL,
	`value` text NOT NULL,
	`participant_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `field_values_pk` ON `field_values` (`session_id`,`field_id`);--> statement-breakpoint
CREATE TABLE `participants` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`position` integer NOT NULL,
	`signing_order` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`role_label` text,
	`role_id` text,
	`status` text NOT NULL,
	`link_token_hash` text NOT NULL,
	`link_token_sealed` text NOT NULL,
	`link_revoked_at` integer,
	`invite_status` text NOT NULL,
	`invite_error` text,
	`notified_at` integer,
	`viewed_at` integer,
	`verified_at` integer,
	`signed_at` integer,
	`declined_at` integer,
	`signature` text,
	`initials` text,
	`signed_ip` text,
	`signed_user_agent` text,
	`otp_failures` integer DEFAULT 0 NOT NULL,
	`otp_locked_until` integer,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `participants_session` ON `participants` (`session_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `participants_link` ON `participants` (`link_token_hash`);--> statement-breakpoint
CREATE TABLE `send_results` (
	`job_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`result` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`source` text NOT NULL,
	`template_id` text,
	`bulk_batch_id` text,
	`send_job_id` text NOT NULL,
	`row_index` integer NOT NULL,
	`title` text NOT NULL,
	`status` text NOT NULL,
	`signing_type` text NOT NULL,
	`auth_requirement` text NOT NULL,
	`notify` integer NOT NULL,
	`options` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`completed_at` integer,
	`cancelled_at` integer,
	`cancel_reason` text,
	`declined_at` integer,
	`decline_reason` text,
	`expired_at` integer,
	`reminders_sent` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`bulk_batch_id`) REFERENCES `bulk_batches`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `sessions_account_created` ON `sessions` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sessions_batch` ON `sessions` (`bulk_batch_id`);--> statement-breakpoint
CREATE INDEX `sessions_active_expiry` ON `sessions` (`status`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_send_row` ON `sessions` (`send_job_id`,`row_index`);--> statement-breakpoint
CREATE TABLE `template_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`position` integer NOT NULL,
	`filename` text NOT NULL,
	`source_sha256` text NOT NULL,
	`prepared_sha256` text NOT NULL,
	`page_count` integer NOT NULL,
	`page_sizes` text NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `template_fields` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`document_id` text NOT NULL,
	`role_id` text,
	`label` text NOT NULL,
	`send_label` text NOT NULL,
	`type` text NOT NULL,
	`page` integer NOT NULL,
	`x` real NOT NULL,
	`y` real NOT NULL,
	`width` real NOT NULL,
	`height` real NOT NULL,
	`required` integer NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `template_documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `template_roles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `template_fields_template` ON `template_fields` (`template_id`,`position`);--> statement-breakpoint
CREATE TABLE `template_roles` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`position` integer NOT NULL,
	`label` text NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `templates` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `templates_account` ON `templates` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `otp_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`participant_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `otp_codes_participant` ON `otp_codes` (`participant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `signer_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`participant_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `signer_sessions_token` ON `signer_sessions` (`token_hash`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` text NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`outbox_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`status` integer,
	`duration_ms` integer NOT NULL,
	`error` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint` ON `webhook_deliveries` (`endpoint_id`,`at`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`url` text NOT NULL,
	`events` text,
	`secret` text NOT NULL,
	`previous_secret` text,
	`previous_secret_expires_at` integer,
	`created_at` integer NOT NULL,
	`failing_since` integer,
	`disabled_at` integer,
	`disabled_reason` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_account` ON `webhook_endpoints` (`account_id`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`state` text NOT NULL,
	`locked_until` integer NOT NULL,
	`response_status` integer,
	`response_headers` text,
	`response_body` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `key`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
