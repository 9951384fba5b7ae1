import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPLETION_MAX_ATTEMPTS, completionRetryDelay, sweep } from '@countersign/core';
import { documents, sessions } from '@countersign/db';
import type { TestCa, TestTsa } from '@countersign/pdf-engine/testing';
import { startCaIssuedTsa, startTestCa, startTestTsa, timestampedPdf } from '@countersign/pdf-engine/testing';
import { until } from '@countersign/test-support';
import { verifyPdf } from '@countersign/verify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SigningWorld, signBody, startSigningWorld } from './signing-setup.ts';

// Trusted time end to end (docs/evidence.md, "Trusted time"): with TSA_URL set to a real RFC 3161 TSA on
// loopback (openssl ts -reply), a session sent, signed and completed through the API ends in a PDF whose seal
// is time-stamped and which carries a DSS and a document time-stamp; a TSA that is down delays completion
// through the retry path (no B-B file is ever kept) and, if it stays down, the session ends failed naming it.

let w: SigningWorld;
let tsa: TestTsa;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trusted-time-'));
  tsa = await startTestTsa({ credentials: { username: 'countersign', password: 'tsa secret' } });
  w = await startSigningWorld({
    env: { TSA_URL: tsa.url, TSA_USERNAME: 'countersign', TSA_PASSWORD: 'tsa secret' },
  });
});
afterAll(async () => {
  await w.close();
  await tsa.close();
  rmSync(dir, { recursive: true, force: true });
});

const row = async (sessionId: string, world = w) => {
  const {
    status,
    completionFailures: failures,
    completionError: error,
    completionClaimedUntil: retryAt,
  } = sessions;
  const [found] = await world.api.runtime.ctx.db
    .select({ status, failures, error, retryAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return found!;
};

const finals = async (sessionId: string, world = w) =>
  (
    await world.api.runtime.ctx.db
      .select({ sha: documents.finalSha256 })
      .from(documents)
      .where(eq(documents.sessionId, sessionId))
  ).map((d) => d.sha);

/** Sends a one-signer session and signs it through the signer API; completion starts on its own. */
async function sendAndSign(title: string, world = w) {
  const s = await world.send({ recipients: [{ name: 'Tia Timely' }], authRequirement: 'public', title });
  const signer = world.signer(s.tokens[0]!);
  const done = await signer.sign(signBody(await signer.view()));
  expect(done.status).toBe(200);
  return s;
}

function tool(name: string, args: string[], bytes: Uint8Array) {
  const file = join(dir, `${name}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const run = spawnSync(name, [...args, file], { encoding: 'utf8' });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** The final PDF checked by pdfsig, qpdf and the verifier: a time-stamped seal and a document time-stamp. */
async function expectTimestamped(sessionId: string) {
  const [sha] = await finals(sessionId);
  expect(sha).toBeTruthy();
  const bytes = await w.api.runtime.ctx.blobs.read(sha!);
  expect(timestampedPdf(bytes).missing).toEqual([]);
  const report = verifyPdf(Buffer.from(bytes), { requireTimestamp: true });
  expect(report.checks.filter((c) => c.ok === false)).toEqual([]);
  const tsaName = tsa.subject.replaceAll('\n', ', ');
  expect(report.timestamp).toMatchObject({ tsa: tsaName, signatureOk: true, imprintMatches: true });
  expect(report.documentTimestamp).toMatchObject({ tsa: tsaName, coversWholeFile: true });
  return report;
}

/**
 * With `ca`'s revocation sources down, a session signed in `world` waits after its first failed attempt (the
 * error `error`, no final PDF in its place); once they are back, the next attempt completes it. The final PDF
 * passes qpdf, pdfsig and the verifier; its pdfsig output and verifier report are returned.
 */
async function completesOnceRevocationIsBack(
  world: SigningWorld,
  ca: TestCa,
  title: string,
  error: string | RegExp,
) {
  ca.mode = 'down';
  const s = await sendAndSign(title, world);
  await until('the first failed attempt', async () => (await row(s.sessionId, world)).failures >= 1, 90_000);
  const waiting = await row(s.sessionId, world);
  expect(waiting.status).toBe('active');
  if (typeof error === 'string') expect(waiting.error).toBe(error);
  else expect(waiting.error).toMatch(error);
  expect(await finals(s.sessionId, world)).toEqual([null]);

  ca.mode = 'up';
  world.clock.advance(completionRetryDelay(1));
  await sweep(world.api.runtime.ctx);
  await until(
    'the session completed',
    async () => (await row(s.sessionId, world)).status === 'completed',
    90_000,
  );
  const [sha] = await finals(s.sessionId, world);
  const bytes = await world.api.runtime.ctx.blobs.read(sha!);
  expect(tool('qpdf', ['--check'], bytes).code).toBe(0);
  const pdfsig = tool('pdfsig', [], bytes).out;
  expect(pdfsig).toContain('Signature is Valid.');
  const report = verifyPdf(Buffer.from(bytes), { requireTimestamp: true });
  expect(report.checks.filter((c) => c.ok === false)).toEqual([]);
  return { pdfsig, report };
}

describe('completion with a timestamp authority', () => {
  it('send, sign, complete: the final PDF is time-stamped (B-T) with a DSS and a document time-stamp (B-LTA)', async () => {
    const granted = tsa.granted;
    const s = await sendAndSign('Stamped');
    await until('the session completed', async () => (await row(s.sessionId)).status === 'completed', 90_000);
    expect(tsa.granted - granted).toBe(2);
    const report = await expectTimestamped(s.sessionId);
    // The time-stamp is the TSA's clock (real time), not the service's claimed /M (the test's manual clock).
    expect(Math.abs(Date.parse(report.timestamp!.time) - Date.now())).toBeLessThan(10 * 60_000);
  }, 180_000);

  it('a TSA that is down delays completion through the back-off; nothing is kept until it answers again', async () => {
    tsa.mode = 'down';
    const s = await sendAndSign('Delayed');
    await until('the first failed attempt', async () => (await row(s.sessionId)).failures >= 1, 90_000);
    const waiting = await row(s.sessionId);
    expect(waiting.status).toBe('active');
    expect(waiting.error).toBe(`timestamp authority ${tsa.url}: answered HTTP 503`);
    expect(await finals(s.sessionId)).toEqual([null]); // never a B-B document in its place

    tsa.mode = 'up';
    // The next attempt is due only after the back-off; the sweep then completes it.
    await sweep(w.api.runtime.ctx);
    expect((await row(s.sessionId)).status).toBe('active');
    w.clock.advance(completionRetryDelay(1));
    await sweep(w.api.runtime.ctx);
    await until('the session completed', async () => (await row(s.sessionId)).status === 'completed', 90_000);
    await expectTimestamped(s.sessionId);
  }, 180_000);

  it('a TSA that stays down ends the session failed after the bounded attempts, with a reason naming the TSA', async () => {
    tsa.mode = 'garbage';
    const s = await sendAndSign('Never stamped');
    for (let attempt = 1; attempt < COMPLETION_MAX_ATTEMPTS; attempt++) {
      await until(
        `failed attempt ${attempt}`,
        async () => (await row(s.sessionId)).failures >= attempt,
        90_000,
      );
      w.clock.advance(completionRetryDelay(attempt));
      await sweep(w.api.runtime.ctx).catch(() => undefined);
    }
    await until('the session failed', async () => (await row(s.sessionId)).status === 'failed', 90_000);
    const res = await w.api.fetch(`/api/sessions/${s.sessionId}`, {
      headers: { authorization: `Bearer ${await w.accessToken()}` },
    });
    const detail = (await res.json()) as {
      status: string;
      completionFailure: { attempts: number; reason: string };
    };
    expect(detail.status).toBe('failed');
    expect(detail.completionFailure.attempts).toBe(COMPLETION_MAX_ATTEMPTS);
    expect(detail.completionFailure.reason).toMatch(
      new RegExp(
        `^timestamp authority ${tsa.url.replaceAll('.', '\\.')}: answered with something that is not a time-stamp response`,
      ),
    );
    expect(await finals(s.sessionId)).toEqual([null]);
    tsa.mode = 'up';
  }, 300_000);
});

describe('completion with an operator CA-issued seal certificate', () => {
  // The operator's PKCS#12 (root -> intermediate -> seal, made with openssl) names an OCSP responder and CRLs
  // served on loopback: completion embeds them (B-LT); a responder that is down delays it like a TSA.
  let ca: TestCa;
  let cw: SigningWorld;
  beforeAll(async () => {
    ca = await startTestCa();
    const p12Path = join(dir, 'operator-seal.p12');
    writeFileSync(p12Path, ca.p12);
    cw = await startSigningWorld({
      env: {
        TSA_URL: tsa.url,
        TSA_USERNAME: 'countersign',
        TSA_PASSWORD: 'tsa secret',
        SEAL_P12_PATH: p12Path,
        SEAL_P12_PASSPHRASE: ca.passphrase,
        // openssl starts a process per answer: slow on a loaded machine.
        TSA_TIMEOUT_MS: '60000',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await cw.close();
    await ca.close();
  });

  it('a revocation source that is down delays completion; once back, the final PDF carries its OCSP response and CRLs', async () => {
    const { report } = await completesOnceRevocationIsBack(
      cw,
      ca,
      'Operator sealed',
      /^revocation source http:\/\/127\.0\.0\.1:\d+\/\S+: answered HTTP 503$/,
    );
    expect(report.checks.find((c) => c.name === 'revocation')!.ok).toBe(true);
    expect(report.revocation!.ocsp).toEqual([
      expect.objectContaining({ about: 'CN=Operator Seal, O=Countersign Tests', status: 'good' }),
    ]);
    expect(report.revocation!.crls).toHaveLength(2);
  }, 180_000);
});

describe("completion time-stamped by a CA-issued TSA: the TSA certificate's revocation data", () => {
  // The TSA's certificate (from a CA made with openssl) names an OCSP responder, a CRL and its issuer's
  // certificate, all on loopback; its tokens carry only that certificate. The seal is the generated one, so
  // every revocation source asked is the TSA's: down, it delays completion exactly like the seal's.
  let ca: TestCa;
  let caTsa: TestTsa;
  let tw: SigningWorld;
  beforeAll(async () => {
    ({ ca, tsa: caTsa } = await startCaIssuedTsa());
    tw = await startSigningWorld({ env: { TSA_URL: caTsa.url, TSA_TIMEOUT_MS: '60000' } });
  }, 60_000);
  afterAll(async () => {
    await tw.close();
    await Promise.all([caTsa.close(), ca.close()]);
  });

  it("its revocation source down delays completion; once back, the final PDF carries the TSA certificate's OCSP response and CRLs", async () => {
    const { pdfsig, report } = await completesOnceRevocationIsBack(
      tw,
      ca,
      'TSA revocation',
      `revocation source ${ca.intermediateUrl}: answered HTTP 503`,
    );
    expect(pdfsig).toContain('Countersign document timestamp');
    expect(report.checks.find((c) => c.name === 'revocation')!.detail).toMatch(
      /OCSP: CN=Countersign Test TSA, O=Countersign Tests good/,
    );
    expect(report.revocation!.ocsp).toEqual([
      expect.objectContaining({ about: 'CN=Countersign Test TSA, O=Countersign Tests', status: 'good' }),
    ]);
    // The TSA's issuers are only in the DSS (fetched from AIA caIssuers): the CRLs verify with them.
    expect(report.revocation!.crls.map((c) => c.issuer).sort()).toEqual([
      'CN=Countersign Test Intermediate CA, O=Countersign Tests',
      'CN=Countersign Test Root CA, O=Countersign Tests',
    ]);
  }, 180_000);
});
