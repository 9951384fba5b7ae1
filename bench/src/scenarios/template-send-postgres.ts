import { randomBytes, randomUUID } from 'node:crypto';
import { startTestApi } from '@countersign/api/testing';
import { setAllowance } from '@countersign/core';
import { openDatabase } from '@countersign/db';
import { createTestDatabase } from '@countersign/test-support';
import pg from 'pg';
import { type BenchRow, interleavedMedians, ms } from '../report.ts';
import { benchTemplate } from './fixtures.ts';
import { timeSend } from './template-send.ts';

const RUNS = 5;
const ENTRIES = 1_000;

/**
 * The floor on PostgreSQL: the same rows as template-send.ts's floor (per entry a session, its document, two
 * participants with link tokens, the prefilled value and the `session.created` audit event), written by one
 * client as one multi-row INSERT per table in one transaction, on a migrated database of its own.
 */
async function rawMultiRowInserts(url: string, entries: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = Date.now();
    const accountId = randomUUID();
    await client.query("INSERT INTO accounts (id, name, email, created_at) VALUES ($1, 'a', 'a@x', $2)", [
      accountId,
      now,
    ]);
    const job = randomUUID();
    const rows = {
      sessions: [] as unknown[][],
      documents: [] as unknown[][],
      participants: [] as unknown[][],
    };
    const values: unknown[][] = [];
    const audit: unknown[][] = [];
    for (let i = 0; i < entries; i++) {
      const id = randomUUID();
      rows.sessions.push([
        id,
        accountId,
        'template',
        job,
        i,
        'Bench',
        'active',
        'parallel',
        'otp',
        0,
        '{}',
        now,
        now,
        now,
      ]);
      rows.documents.push([randomUUID(), id, 0, 'bench.pdf', 'x', 'x', 10]);
      for (let p = 0; p < 2; p++) {
        const token = randomBytes(32).toString('hex');
        rows.participants.push([
          randomUUID(),
          id,
          p,
          1,
          `P${p}`,
          `p${p}@x.test`,
          'notified',
          token,
          token,
          'skipped',
        ]);
      }
      values.push([id, 'company', `Company ${i}`, now]);
      audit.push([randomUUID(), id, 'session.created', now, JSON.stringify({ jobId: job, row: i })]);
    }
    const t = performance.now();
    await client.query('BEGIN');
    await insertAll(
      client,
      'sessions',
      'id, account_id, source, send_job_id, row_index, title, status, signing_type, auth_requirement, notify, options, expires_at, created_at, updated_at',
      rows.sessions,
    );
    await insertAll(
      client,
      'documents',
      'id, session_id, position, filename, source_sha256, prepared_sha256, page_count',
      rows.documents,
    );
    await insertAll(
      client,
      'participants',
      'id, session_id, position, signing_order, name, email, status, link_token_hash, link_token_encrypted, invite_status',
      rows.participants,
    );
    await insertAll(client, 'field_values', 'session_id, field_id, value, updated_at', values);
    await insertAll(client, 'audit_events', 'id, session_id, type, at, data', audit);
    await client.query('COMMIT');
    return performance.now() - t;
  } finally {
    await client.end();
  }
}

/** One INSERT of many rows, cut below PostgreSQL's 65,535 parameters per statement. */
async function insertAll(
  client: pg.Client,
  table: string,
  columns: string,
  rows: unknown[][],
): Promise<void> {
  const width = rows[0]!.length;
  const perStatement = Math.floor(65_535 / width);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    let n = 0;
    const tuples = chunk.map((r) => `(${r.map(() => `$${++n}`).join(', ')})`).join(', ');
    await client.query(`INSERT INTO ${table} (${columns}) VALUES ${tuples}`, chunk.flat());
  }
}

/** Issue 15: a bulk template send on PostgreSQL against raw multi-row inserts of the same rows. */
export async function run(): Promise<BenchRow[]> {
  const floorDb = await createTestDatabase();
  // Migrated once by the service's own code, then written to by the raw client only.
  await (await openDatabase(floorDb.url)).$connection.close();
  const apiDb = await createTestDatabase();
  const api = await startTestApi({ env: apiDb.env });
  try {
    const account = await api.newAccount('bench');
    await setAllowance(api.runtime.ctx, account.accountId, 1e9, 86_400_000);
    const templateId = await benchTemplate(api, account.accountId);
    const [send, floor] = (await interleavedMedians(RUNS, [
      () => timeSend(api, account.accessToken, templateId, ENTRIES),
      () => rawMultiRowInserts(floorDb.url, ENTRIES),
    ])) as [number, number];
    return [
      {
        scenario: 'PostgreSQL: template bulk send, 1,000 entries x 2, notify false',
        figure: ms(send),
        floor: `${ms(floor)} (raw multi-row inserts)`,
        ratio: send / floor,
        target: '<= 8x floor',
        pass: send / floor <= 8,
      },
    ];
  } finally {
    await api.close();
    await Promise.all([floorDb.drop(), apiDb.drop()]);
  }
}
