import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { localDrive } from '@countersign/core';
import { outbox } from '@countersign/db';
import { startRedis, type TestRedis } from '@countersign/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { databaseBytes } from './purge-support.ts';
import { type SigningWorld, startSigningWorld } from './signing-setup.ts';

// "Secrets: hashes at rest": signing links and one-time codes must not be readable from a copy of the
// database (the outbox keeps emails encrypted and drops their body once sent) nor from Redis (a send job's
// result, kept an hour by BullMQ, carries its links encrypted).

async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for: ${what}`);
}

const tokenOf = (signingUrl: string) => signingUrl.split('/s/')[1]!;

describe('the outbox at rest', () => {
  let w: SigningWorld;
  beforeAll(async () => {
    w = await startSigningWorld();
  });
  afterAll(() => w?.close());

  /** The email rows to `to`, their payload as stored (what a copy of the database holds). */
  const emailRows = async (to: string) => {
    const { payload, lastError, deliveredAt } = outbox;
    const rows = await w.api.runtime.ctx.db
      .select({ payload, lastError, deliveredAt })
      .from(outbox)
      .where(eq(outbox.kind, 'email'));
    return rows.filter((r) => (r.payload as { to: string[] }).to.includes(to));
  };

  it('keeps no signing link nor one-time code readable, delivers both, and blanks delivered rows', async () => {
    const sent = await w.send({ recipients: [{ name: 'Ann Lee' }], notify: true, authRequirement: 'otp' });
    const [token, email] = [sent.tokens[0]!, sent.emails[0]!];

    // The invite was delivered (before the answer) with its link.
    const invite = await w.smtp.waitFor((m) => m.text?.includes(`/s/${token}`) === true);
    expect(invite.subject).toContain('Offer letter');
    const [inviteRow] = await emailRows(email);
    expect(inviteRow!.deliveredAt).not.toBeNull();
    // What stays is whom it went to, its subject, whose invite it was and its session (a purge finds it).
    expect(inviteRow!.payload).toEqual({
      to: [email],
      subject: invite.subject,
      inviteOf: expect.any(String),
      sessionId: sent.sessionId,
      encrypted: null,
    });

    // A code request: the code reaches the signer and verifies.
    const signer = w.signer(token);
    expect((await signer.requestCode()).status).toBe(200);
    const code = await w.codeFor(email);
    await until('the code email marked delivered', async () =>
      (await emailRows(email)).every((r) => r.deliveredAt !== null),
    );
    expect((await signer.verify(code)).status).toBe(200);

    const rows = await emailRows(email);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.payload).toMatchObject({ to: [email], encrypted: null });
      expect(`${JSON.stringify(row.payload)} ${row.lastError ?? ''}`).not.toContain(code);
    }
    // Nowhere in the database, not even (SQLite) in pages the rows once used: the link was never written in
    // plaintext.
    expect((await databaseBytes(w.api.runtime.ctx)).includes(token)).toBe(false);
  });
});

/**
 * Every value Redis holds under `pattern`, as text: one EVAL over a plain connection (the API package has no
 * Redis client of its own), covering job hashes and the events stream alike.
 */
async function redisValues(port: number, pattern: string): Promise<string> {
  const script = `
    local out = {}
    for _, key in ipairs(redis.call('KEYS', ARGV[1])) do
      local kind = redis.call('TYPE', key).ok
      local values = {}
      if kind == 'string' then values = { redis.call('GET', key) }
      elseif kind == 'hash' then values = redis.call('HGETALL', key)
      elseif kind == 'list' then values = redis.call('LRANGE', key, 0, -1)
      elseif kind == 'set' then values = redis.call('SMEMBERS', key)
      elseif kind == 'zset' then values = redis.call('ZRANGE', key, 0, -1)
      elseif kind == 'stream' then
        for _, entry in ipairs(redis.call('XRANGE', key, '-', '+')) do
          for _, v in ipairs(entry[2]) do table.insert(values, v) end
        end
      end
      table.insert(out, key)
      for _, v in ipairs(values) do table.insert(out, v) end
    end
    return table.concat(out, '\\n')`;
  const args = ['EVAL', script, '0', pattern];
  const command = `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(command));
    let data = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf('\r\n');
      if (end < 0) return;
      const head = data.subarray(0, end).toString();
      if (!head.startsWith('$')) {
        socket.destroy();
        reject(new Error(`redis answered ${head}`));
        return;
      }
      const length = Number(head.slice(1));
      if (data.length < end + 2 + length) return;
      socket.destroy();
      resolve(data.subarray(end + 2, end + 2 + length).toString('utf8'));
    });
  });
}

describe('a send job result in Redis (BullMQ)', () => {
  let redis: TestRedis;
  let api: TestApi;
  beforeAll(async () => {
    redis = await startRedis();
    api = await startTestApi({ redisUrl: redis.url });
    // The BullMQ producer connects in the background; the readiness probe says when it has.
    await until('the API ready', async () => (await api.fetch('/readyz')).status === 200);
  });
  afterAll(async () => {
    await api?.close();
    await redis?.stop();
  });

  it('carries the links encrypted; the API answers them, and a retry with the same key gets the same', async () => {
    const { accountId, accessToken } = await api.newAccount();
    const pdf = await makePdf(1, `at-rest-${randomUUID()}`);
    const { cloudFileId } = await (await localDrive(api.runtime.ctx, accountId)).put('Lease.pdf', pdf);
    const body = {
      cloudFileIds: [cloudFileId],
      title: 'Lease',
      signingRequests: [{ recipients: [{ name: 'Bo Park', email: 'bo@example.test' }] }],
      notify: false,
    };
    const headers = { 'idempotency-key': `at-rest-${randomUUID()}` };
    const res = await api.post('/api/sessions/send', body, accessToken, headers);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { rows: { participants: { signingUrl: string }[] }[] };
    const token = tokenOf(answer.rows[0]!.participants[0]!.signingUrl);

    const stored = await redisValues(redis.port, `${api.config.queuePrefix}:*`);
    // The finished job and its result are there (kept an hour), encrypted.
    expect(stored).toContain('"encryptedBody":"v1.');
    expect(stored).not.toContain(token);

    const again = await api.post('/api/sessions/send', body, accessToken, headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
  });
});
