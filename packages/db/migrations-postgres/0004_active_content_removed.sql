ALTER TABLE "prepared_documents" ADD COLUMN "active_content_removed" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "template_documents" ADD COLUMN "active_content_removed" text COLLATE "C";