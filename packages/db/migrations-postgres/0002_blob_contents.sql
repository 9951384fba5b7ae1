CREATE TABLE "blob_contents" (
	"sha256" text COLLATE "C" PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
