import { startTestApi } from '@countersign/api/testing';
import { type BenchRow, ms } from '../report.ts';
import { CONNECTIONS, clean, DURATION_S, describeWindow, idleRow, idleThenBusy } from './cancel-windows.ts';

const BULK_ENTRIES = 10_000;

/**
 * Issue 15: the embedded topology (`pnpm start`: one process, the in-process queue, jobs on its job threads)
 * under 200 connections of POST /api/sessions/cancel, idle and while 10,000-entry template sends run back to
 * back for the whole window. The sends' work must not hold back the API's event loop.
 */
export async function run(): Promise<BenchRow[]> {
  const api = await startTestApi(); // the embedded default: jobs on job threads
  try {
    const { idle, busy } = await idleThenBusy(api, BULK_ENTRIES);
    const window = `${CONNECTIONS} connections, ${DURATION_S} s, embedded (one process)`;
    return [
      idleRow(idle, window, 'report', clean(idle)),
      {
        scenario: `cancel during 10,000-entry template sends (${busy.sends} ran), ${window}`,
        figure: describeWindow(busy.result),
        floor: `p99 ${ms(idle.p99)} (idle)`,
        ratio: busy.result.p99 / Math.max(idle.p99, 1),
        target: '<= 2x idle p99, all 2xx',
        pass: busy.result.p99 <= 2 * Math.max(idle.p99, 1) && clean(busy.result),
      },
    ];
  } finally {
    await api.close();
  }
}
