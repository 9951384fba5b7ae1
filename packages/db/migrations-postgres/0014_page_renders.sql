CREATE TABLE "page_images" (
	"document_sha256" text COLLATE "C" NOT NULL,
	"page" bigint NOT NULL,
	"width" bigint NOT NULL,
	"blob_sha256" text COLLATE "C" NOT NULL,
	"mime" text COLLATE "C" NOT NULL,
	CONSTRAINT "page_images_document_sha256_page_width_pk" PRIMARY KEY("document_sha256","page","width")
);
--> statement-breakpoint
CREATE TABLE "page_renders" (
	"document_sha256" text COLLATE "C" PRIMARY KEY NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"widths" text COLLATE "C" NOT NULL,
	"pages" text COLLATE "C",
	"error" text COLLATE "C",
	"created_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE INDEX "page_images_blob" ON "page_images" USING btree ("blob_sha256");