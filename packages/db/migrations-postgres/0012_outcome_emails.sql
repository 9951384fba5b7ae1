ALTER TABLE "accounts" ADD COLUMN "outcome_email" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "outcome_emails" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "email_locale" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sent_by_member_id" text COLLATE "C";