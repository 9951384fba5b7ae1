import { startTestApi } from '@countersign/api/testing';
import { type BenchRow, ms } from '../report.ts';
import { CONNECTIONS, cancelWindows, clean, DURATION_S, describeWindow, idleRow } from './cancel-windows.ts';
import { benchAccount, benchTemplate } from './fixtures.ts';

const BULK_ENTRIES = 10_000;

/**
 * Issue 15: the embedded topology (`pnpm start`: one process, the in-process queue, jobs on its job threads)
 * under 200 connections of POST /api/sessions/cancel, idle and while 10,000-entry template sends run back to
 * back for the whole window. The sends' work must not hold back the API's event loop.
 */
export async function run(): Promise<BenchRow[]> {
  const api = await startTestApi(); // the embedded default: jobs on job threads
  try {
    const account = await benchAccount(api);
    const windows = await cancelWindows(api, account, await benchTemplate(api, account.accountId));
    const idle = await windows.idle();
    const hogged = await windows.hogged();
    const busy = await windows.busy(BULK_ENTRIES);
    const window = `${CONNECTIONS} connections, ${DURATION_S} s, embedded (one process)`;
    return [
      idleRow(idle, window, 'report', clean(idle)),
      {
        scenario: `cancel while a thread spins (one core taken, no database work), ${window}`,
        figure: describeWindow(hogged),
        floor: `p99 ${ms(idle.p99)} (idle)`,
        ratio: hogged.p99 / Math.max(idle.p99, 1),
        target: 'report: what 2 cores alone cost',
        pass: clean(hogged),
      },
      {
        scenario: `cancel during 10,000-entry template sends (${busy.sends} ran), ${window}`,
        figure: describeWindow(busy.result),
        floor: `p99 ${ms(idle.p99)} (idle)`,
        ratio: busy.result.p99 / Math.max(idle.p99, 1),
        target: '<= 2x idle p99, all 2xx',
        pass: busy.result.p99 <= 2 * Math.max(idle.p99, 1) && clean(busy.result),
      },
      {
        scenario: `the same, against the spinning thread's window`,
        figure: `p99 ${ms(busy.result.p99)}`,
        floor: `p99 ${ms(hogged.p99)} (a thread spinning)`,
        ratio: busy.result.p99 / Math.max(hogged.p99, 1),
        target: '<= 2x (proposed for a 2-core machine)',
        pass: busy.result.p99 <= 2 * Math.max(hogged.p99, 1) && clean(busy.result),
      },
    ];
  } finally {
    await api.close();
  }
}
