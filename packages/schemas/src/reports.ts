import { z } from '@hono/zod-openapi';

// GET /api/reports/sessions (extension): what happened to the account's sessions over time, for the web app's
// reports page and for integrators' own dashboards.

export const REPORT_BUCKETS_MAX = 400;

export const SessionReportQuerySchema = z.strictObject({
  from: z.iso.datetime({ offset: true }).openapi({ description: 'Start of the period (inclusive).' }),
  to: z.iso.datetime({ offset: true }).openapi({ description: 'End of the period (exclusive).' }),
  interval: z
    .enum(['day', 'week'])
    .default('day')
    .openapi({ description: 'Bucket size, in UTC: days, or weeks starting on Monday. Default `day`.' }),
  templateId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'Only the sessions sent from this template; absent: every session.' }),
});

const count = () => z.int().min(0);
const seconds = z.number().nullable();

export const SessionReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    interval: z.enum(['day', 'week']),
    templateId: z.string().nullable(),
    buckets: z
      .array(
        z.object({
          start: z.string().openapi({ description: 'The bucket’s first instant (UTC midnight).' }),
          sent: count().openapi({ description: 'Sessions created in the bucket.' }),
          completed: count().openapi({ description: 'Sessions completed in the bucket.' }),
          declined: count(),
          expired: count(),
        }),
      )
      .openapi({ description: 'Every bucket of the period, oldest first, empty ones included.' }),
    totals: z.object({ sent: count(), completed: count(), declined: count(), expired: count() }),
    medianSecondsToComplete: seconds.openapi({
      description:
        'Median time from sending to completion of the sessions completed in the period; null: none.',
    }),
    steps: z
      .array(
        z.object({
          step: z.string().openapi({ description: 'A template role, or `Signer <n>` by signing position.' }),
          signatures: count(),
          medianSecondsToSign: z
            .number()
            .openapi({ description: 'From being asked (their turn) to signing.' }),
        }),
      )
      .openapi({
        description:
          'Each step of the sessions sent in the period that were signed, slowest first: the first is the slowest step.',
      }),
  })
  .openapi('SessionReport');
export type SessionReport = z.output<typeof SessionReportSchema>;
export type SessionReportQuery = z.output<typeof SessionReportQuerySchema>;
