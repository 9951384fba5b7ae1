import { CountersignClient } from '@countersign/client';
import { serve } from '@hono/node-server';
import { createIntegratorApp } from './app.ts';

// `pnpm --filter @countersign/example-integrator start`, configured by the environment.
function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is required`);
    process.exit(1);
  }
  return value;
}

const client = new CountersignClient({
  baseUrl: required('COUNTERSIGN_URL'),
  refreshToken: required('COUNTERSIGN_REFRESH_TOKEN'),
  onRetry: (e) => console.log(`retrying ${e.method} ${e.path} after ${e.status} in ${e.delayMs} ms`),
});
const { app } = createIntegratorApp({
  client,
  webhookSecret: required('COUNTERSIGN_WEBHOOK_SECRET'),
  templateId: required('TEMPLATE_ID'),
  role: process.env.TEMPLATE_ROLE ?? 'Client',
  outputDir: process.env.OUTPUT_DIR ?? './signed',
  authRequirement: process.env.SIGNER_AUTH === 'public' ? 'public' : 'otp',
});
const server = serve(
  { fetch: app.fetch, port: Number(process.env.PORT ?? 4000), hostname: '127.0.0.1' },
  (info) => console.log(`integrator listening on http://127.0.0.1:${info.port}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
