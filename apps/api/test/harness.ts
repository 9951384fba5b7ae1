// The harness lives in src/testing so benchmarks use the very same server setup as the tests.
export * from '../src/testing/harness.ts';
