-- "Seal" is the PAdES seal of a final PDF only; what the data key produces is "encrypted".
ALTER TABLE `participants` RENAME COLUMN `link_token_sealed` TO `link_token_encrypted`;--> statement-breakpoint
-- Outbox payloads keep their readable fields beside the encrypted payload, under `encrypted` from now on
-- (`sealed: null`, a dropped body, becomes `encrypted: null`).
UPDATE `outbox` SET `payload` = json_set(json_remove(`payload`, '$.sealed'), '$.encrypted', json_extract(`payload`, '$.sealed'))
WHERE json_type(`payload`, '$.sealed') IS NOT NULL;
