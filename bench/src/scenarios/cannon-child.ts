import fs from 'node:fs';
import autocannon from 'autocannon';
import type { CannonOptions, CannonResult } from './cannon.ts';

/**
 * The load generator's own process (spawned by cannon.ts): on a 2-core machine, generating 200 connections'
 * worth of requests in the server's event loop would measure the client as much as the server.
 */
const options = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as CannonOptions;
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.durationSeconds,
  requests: options.requests,
});
const summary: CannonResult = {
  p50: result.latency.p50,
  p99: result.latency.p99,
  requestsPerSecond: result.requests.average,
  total: result.requests.total,
  ok: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
process.exit(0);
