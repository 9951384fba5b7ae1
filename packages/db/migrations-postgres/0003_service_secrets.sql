CREATE TABLE "service_secrets" (
	"name" text COLLATE "C" PRIMARY KEY NOT NULL,
	"encrypted" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
