import fs from 'node:fs';
import path from 'node:path';
import { closeDatabase, openDatabase, refreshTokens, withoutQueryParams } from '@countersign/db';
import { tempDir } from '@countersign/test-support';
import { afterAll, expect, it } from 'vitest';

const dir = tempDir('countersign-errors-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("keeps a failed query's SQL and driver error for the log, not its parameters", async () => {
  const db = await openDatabase(path.join(dir, 'countersign.db'));
  try {
    const secret = 'hash-of-a-refresh-token';
    const failed = await db
      .insert(refreshTokens)
      .values({ id: 't1', accountId: 'missing', tokenHash: secret, hint: 'csrt_', createdAt: 1 })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    // drizzle's own error names every parameter...
    expect(String((failed as Error).message)).toContain(secret);
    const safe = withoutQueryParams(failed) as Error;
    expect(safe.message).toMatch(/^Failed query: insert into "refresh_tokens"/);
    expect(`${safe.message}\n${safe.stack}`).not.toContain(secret);
    expect(safe.cause).toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    // Anything else passes through unchanged.
    const other = new Error('not a query');
    expect(withoutQueryParams(other)).toBe(other);
  } finally {
    closeDatabase(db);
  }
});
