import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Metrics, metricsAuthorized } from './metrics.ts';

/**
 * A worker process has no HTTP API: it serves its own `/metrics` (and nothing else) on a port of its
 * own, behind the same token as the API's.
 */
export async function serveMetrics(
  metrics: Metrics,
  options: { port: number; host: string; token: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'not_found', message: 'only GET /metrics is served here' }));
      return;
    }
    if (!metricsAuthorized(req.headers.authorization, options.token)) {
      res
        .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' })
        .end(JSON.stringify({ error: 'unauthorized', message: 'the metrics token is missing or wrong' }));
      return;
    }
    metrics.scrape().then(
      ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
