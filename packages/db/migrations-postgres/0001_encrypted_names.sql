-- "Seal" is the PAdES seal of a final PDF only; what the data key produces is "encrypted" (SQLite's 0016).
ALTER TABLE "participants" RENAME COLUMN "link_token_sealed" TO "link_token_encrypted";--> statement-breakpoint
UPDATE "outbox" SET "payload" = (("payload"::jsonb - 'sealed') || jsonb_build_object('encrypted', "payload"::jsonb -> 'sealed'))::text
WHERE ("payload"::jsonb) ? 'sealed';
