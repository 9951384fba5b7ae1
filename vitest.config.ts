import { defineConfig } from 'vitest/config';

// One run for every package: each test file gets its own SQLite file, Redis prefix and ports,
// so files run in parallel safely. Two forks match the 2-core machine the suite must fit on.
export default defineConfig({
  test: {
    include: ['apps/*/test/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // CI retries a failed test once, as Playwright's own CI default does: a browser or timer race on a loaded
    // 2-core machine must not throw away a landing. Locally a failure is final, so flakes are seen and fixed;
    // the CI log names every retried test ("retry x1").
    retry: process.env.CI ? 1 : 0,
    globalSetup: ['./test-support/global-setup.ts', './apps/web/scripts/build.ts'],
    // Type tests (`expectTypeOf` in *.test-d.ts) run through tsc as test cases of their own.
    typecheck: {
      enabled: true,
      include: ['packages/*/test/**/*.test-d.ts'],
      tsconfig: './tsconfig.typetests.json', // the type tests and what they import, not the whole repository
    },
  },
});
