import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/** A CSV download (the activity log, an audit trail): an attachment named `filename`, never cached or sniffed. */
export const csvResponse = (
  c: Context<AppEnv>,
  body: ConstructorParameters<typeof Response>[0],
  filename: string,
): Response =>
  new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': c.get('requestId'),
    },
  });
