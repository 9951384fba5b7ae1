CREATE TABLE "dev_mail" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"created_at" bigint NOT NULL,
	"mail" text COLLATE "C" NOT NULL,
	"eml" "bytea" NOT NULL
);
