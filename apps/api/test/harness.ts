// The harness lives in apps/api/testing (out of src: not part of the service) so benchmarks use the very same
// server setup as the tests.
export * from '../testing/harness.ts';
