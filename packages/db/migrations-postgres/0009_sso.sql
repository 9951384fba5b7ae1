CREATE TABLE "sso_assertions" (
	"key_hash" text COLLATE "C" PRIMARY KEY NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_connections" (
	"account_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"protocol" text COLLATE "C" NOT NULL,
	"domain" text COLLATE "C" NOT NULL,
	"verification_token" text COLLATE "C" NOT NULL,
	"domain_verified_at" bigint,
	"settings" text COLLATE "C" NOT NULL,
	"client_secret" text COLLATE "C",
	"default_role" text COLLATE "C" NOT NULL,
	"require_sso" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_flows" (
	"state_hash" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"protocol" text COLLATE "C" NOT NULL,
	"browser_hash" text COLLATE "C" NOT NULL,
	"nonce" text COLLATE "C" NOT NULL,
	"code_verifier" text COLLATE "C",
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD CONSTRAINT "sso_flows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_assertions_expires" ON "sso_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_connections_domain" ON "sso_connections" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "sso_flows_expires" ON "sso_flows" USING btree ("expires_at");