-- Emails delivered or given up before outbox payloads were sealed still hold their rendered body (signing
-- links, one-time codes) in plaintext. Keep what the outbox now keeps of a finished email (to, cc, subject)
-- and mark the body dropped. Pending rows stay as they are: they are dropped once delivered. secure_delete
-- zeroes the freed pages, so the bodies do not linger in the file either.
PRAGMA secure_delete = ON;
--> statement-breakpoint
UPDATE `outbox` SET `payload` = CASE
  WHEN json_type(`payload`, '$.cc') IS NULL
    THEN json_object('to', `payload` -> '$.to', 'subject', `payload` -> '$.subject', 'sealed', NULL)
  ELSE json_object('to', `payload` -> '$.to', 'cc', `payload` -> '$.cc', 'subject', `payload` -> '$.subject', 'sealed', NULL)
END
WHERE `kind` = 'email'
  AND (`delivered_at` IS NOT NULL OR `failed_at` IS NOT NULL)
  AND json_type(`payload`, '$.sealed') IS NULL;
--> statement-breakpoint
PRAGMA secure_delete = OFF;
