import { startTestApi, type TestApi } from '@countersign/api/testing';
import { setAllowance } from '@countersign/core';
import { createTestDatabase } from '@countersign/test-support';
import { type BenchRow, interleavedMedians, ratioRow } from '../report.ts';
import { accountWithContract, completeAgain, signedSession } from './completion.ts';
import { timeSend } from './own-pdf-send.ts';

const RUNS = 7;
const SIGNERS = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'];

/**
 * Issue 15's figures: the same own-PDF send and the same completion through an API on PostgreSQL (a database
 * of its own on this machine's server: blobs, drive and secrets in it) against one on SQLite, interleaved in
 * one run so both see the same machine. What PostgreSQL adds is round trips, not PDF work.
 */
export async function run(): Promise<BenchRow[]> {
  const database = await createTestDatabase();
  const apis: TestApi[] = [];
  try {
    const sqlite = await startTestApi({ env: { DATABASE_URL: '' } });
    apis.push(sqlite);
    const postgres = await startTestApi({ env: database.env });
    apis.push(postgres);
    const setups = await Promise.all(
      apis.map(async (api) => {
        const { account, cloudFileId } = await accountWithContract(api, 100, 'pg-vs-sqlite');
        await setAllowance(api.runtime.ctx, account.accountId, 1e9, 86_400_000);
        const session = await signedSession(api, account.accessToken, cloudFileId, SIGNERS);
        return { api, account, session };
      }),
    );
    const [sendSqlite, sendPostgres] = await interleavedMedians(
      RUNS,
      setups.map(
        ({ api, account }) =>
          () =>
            timeSend(api, account, 100, 1),
      ),
    );
    const [completeSqlite, completePostgres] = await interleavedMedians(
      RUNS,
      setups.map(
        ({ api, session }) =>
          () =>
            completeAgain(api, session),
      ),
    );
    return [
      ratioRow(
        'PostgreSQL: own-PDF send, 100 pages, 1 entry x 2 signers',
        sendPostgres!,
        sendSqlite!,
        'the same on SQLite',
        1.3,
      ),
      ratioRow(
        'PostgreSQL: completion, 100 pages, 3 signers, to the sealed PDF',
        completePostgres!,
        completeSqlite!,
        'the same on SQLite',
        1.3,
      ),
    ];
  } finally {
    for (const api of apis) await api.close();
    await database.drop();
  }
}
