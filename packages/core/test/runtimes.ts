import { loadConfig } from '@countersign/config';
import { createRuntime, ManualClock, type Runtime } from '@countersign/core';
import { createTestDatabase, type TestDatabase, tempDir } from '@countersign/test-support';
import { afterAll } from 'vitest';

// Runtimes and PostgreSQL databases for domain tests, each closed or dropped after the file's tests (in the
// reverse order of their making: runtimes before their database).
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh PostgreSQL database of the test's own. */
export async function postgresDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  return database;
}

/** A runtime on a fresh DATA_DIR with a manual clock: SQLite there, or the given PostgreSQL database. */
export async function testRuntime(
  database?: TestDatabase,
  env: Record<string, string> = {},
): Promise<Runtime> {
  const config = loadConfig({
    DATA_DIR: tempDir('countersign-core-'),
    LOG_LEVEL: 'silent',
    ...database?.env,
    ...env,
  });
  const runtime = await createRuntime(config, { clock: new ManualClock() });
  cleanups.push(() => runtime.close());
  return runtime;
}
