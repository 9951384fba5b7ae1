-- Pages drawn ahead of time (schema/blobs.ts pageRenders, pageImages). page_images WITHOUT ROWID: its key is the row.
CREATE TABLE `page_images` (
	`document_sha256` text NOT NULL,
	`page` integer NOT NULL,
	`width` integer NOT NULL,
	`blob_sha256` text NOT NULL,
	`mime` text NOT NULL,
	PRIMARY KEY(`document_sha256`, `page`, `width`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `page_images_blob` ON `page_images` (`blob_sha256`);--> statement-breakpoint
CREATE TABLE `page_renders` (
	`document_sha256` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`widths` text NOT NULL,
	`pages` text,
	`error` text,
	`created_at` integer NOT NULL,
	`finished_at` integer
);
