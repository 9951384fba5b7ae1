CREATE TABLE "activity_events" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"actor_kind" text COLLATE "C" NOT NULL,
	"actor_id" text COLLATE "C",
	"actor_label" text COLLATE "C" NOT NULL,
	"action" text COLLATE "C" NOT NULL,
	"target_kind" text COLLATE "C",
	"target_id" text COLLATE "C",
	"details" text COLLATE "C",
	"ip" text COLLATE "C",
	"user_agent" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "scopes" text COLLATE "C" DEFAULT 'sessions:send sessions:read sessions:cancel templates:read templates:write drive webhooks account:read account:admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "created_by" text COLLATE "C" DEFAULT 'unrecorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "created_by_member_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_account" ON "activity_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_creator" ON "refresh_tokens" USING btree ("created_by_member_id");