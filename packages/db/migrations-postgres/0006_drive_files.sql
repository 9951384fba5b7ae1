CREATE TABLE "drive_files" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"filename" text COLLATE "C" NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text COLLATE "C" NOT NULL,
	"sha256" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_files" ADD CONSTRAINT "drive_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_files_account" ON "drive_files" USING btree ("account_id","created_at","id");