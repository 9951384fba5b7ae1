import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { startTestApi, type TestApi } from '@countersign/api/testing';
import { setAllowance } from '@countersign/core';
import { openDatabase, termsOfNames } from '@countersign/db';
import { tempDir } from '@countersign/test-support';
import { type BenchRow, interleavedMedians, ms } from '../report.ts';
import { benchTemplate } from './fixtures.ts';
import { templateSendBody } from './template-send-client.ts';

const RUNS = 7;

export async function timeSend(
  api: TestApi,
  token: string,
  templateId: string,
  entries: number,
): Promise<number> {
  const payload = JSON.stringify(templateSendBody(templateId, entries));
  const t = performance.now();
  const res = await api.post('/api/templates/send', payload, token);
  await res.arrayBuffer();
  const elapsed = performance.now() - t;
  if (res.status !== 200) throw new Error(`template send answered ${res.status}`);
  return elapsed;
}

/**
 * The floor: the same rows (per entry a session, its document, two participants with link tokens, the prefilled
 * value, the `session.created` audit event and the recipient search's name terms) written with raw prepared statements in one transaction, on a
 * fresh database file.
 */
async function rawInserts(entries: number): Promise<number> {
  const db = await openDatabase(path.join(tempDir('bench-floor-'), 'floor.db'));
  const sqlite = db.$client;
  const now = Date.now();
  sqlite.prepare("INSERT INTO accounts (id, name, email, created_at) VALUES ('a', 'a', 'a@x', ?)").run(now);
  const session = sqlite.prepare(
    `INSERT INTO sessions (id, account_id, source, send_job_id, row_index, title, status, signing_type, auth_requirement, notify, options, expires_at, created_at, updated_at)
     VALUES (?, 'a', 'template', 'job', ?, 'Bench', 'active', 'parallel', 'otp', 0, '{}', ?, ?, ?)`,
  );
  const document = sqlite.prepare(
    `INSERT INTO documents (id, session_id, position, filename, source_sha256, prepared_sha256, page_count) VALUES (?, ?, 0, 'bench.pdf', 'x', 'x', 10)`,
  );
  const value = sqlite.prepare(
    `INSERT INTO field_values (session_id, field_id, value, participant_id, updated_at) VALUES (?, 'company', ?, NULL, ?)`,
  );
  const audit = sqlite.prepare(
    `INSERT INTO audit_events (id, session_id, type, at, data) VALUES (?, ?, 'session.created', ?, ?)`,
  );
  const participant = sqlite.prepare(
    `INSERT INTO participants (id, session_id, position, signing_order, name, email, status, link_token_hash, link_token_encrypted, invite_status)
     VALUES (?, ?, ?, 1, ?, ?, 'notified', ?, ?, 'skipped')`,
  );
  const term = sqlite.prepare("INSERT INTO session_terms (session_id, term, account_id) VALUES (?, ?, 'a')");
  const t = performance.now();
  sqlite.transaction(() => {
    for (let i = 0; i < entries; i++) {
      const id = randomUUID();
      session.run(id, i, now, now, now);
      document.run(randomUUID(), id);
      for (let p = 0; p < 2; p++) {
        const token = randomBytes(32).toString('hex');
        participant.run(randomUUID(), id, p, `P${p}`, `p${p}@x.test`, token, token);
      }
      value.run(id, `Company ${i}`, now);
      audit.run(randomUUID(), id, now, JSON.stringify({ jobId: 'job', row: i }));
      for (const word of termsOfNames([`Client ${i}`, `Witness ${i}`])) term.run(id, word);
    }
  })();
  const elapsed = performance.now() - t;
  sqlite.close();
  return elapsed;
}

/** Issue 4's figures: a bulk template send is a few rows per entry. */
export async function run(): Promise<BenchRow[]> {
  const api = await startTestApi();
  try {
    const account = await api.newAccount('bench');
    await setAllowance(api.runtime.ctx, account.accountId, 1e9, 86_400_000);
    const templateId = await benchTemplate(api, account.accountId);
    const [t100, t1000, floor] = (await interleavedMedians(RUNS, [
      () => timeSend(api, account.accessToken, templateId, 100),
      () => timeSend(api, account.accessToken, templateId, 1000),
      async () => await rawInserts(1000),
    ])) as [number, number, number];
    const t10000 = await timeSend(api, account.accessToken, templateId, 10_000);
    return [
      {
        scenario: 'template bulk send, 100 entries x 2, notify false',
        figure: ms(t100),
        floor: '-',
        ratio: null,
        target: 'report',
        pass: true,
      },
      {
        scenario: 'template bulk send, 1,000 entries x 2, notify false',
        figure: ms(t1000),
        floor: `${ms(floor)} (raw prepared inserts)`,
        ratio: t1000 / floor,
        target: '< 1500 ms and <= 8x floor',
        pass: t1000 < 1500 && t1000 / floor <= 8,
      },
      {
        scenario: 'template bulk send scaling, time(1,000) / time(100)',
        figure: ms(t1000),
        floor: ms(t100),
        ratio: t1000 / t100,
        target: '<= 11',
        pass: t1000 / t100 <= 11,
      },
      {
        scenario: 'template bulk send, 10,000 entries x 2',
        figure: ms(t10000),
        floor: '-',
        ratio: null,
        target: 'succeeds',
        pass: true,
      },
    ];
  } finally {
    await api.close();
  }
}
