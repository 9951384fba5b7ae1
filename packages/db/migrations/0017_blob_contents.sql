CREATE TABLE `blob_contents` (
	`sha256` text PRIMARY KEY NOT NULL,
	`bytes` blob NOT NULL
);
