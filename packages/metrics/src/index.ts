export { createMetrics, type Metrics, metricsAuthorized } from './metrics.ts';
export { serveMetrics } from './serve.ts';
