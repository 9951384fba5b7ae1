import { startTestApi } from '@countersign/api/testing';
import { completeSession, initialsOf, localDrive, setAllowance } from '@countersign/core';
import { documents, participants, sessions } from '@countersign/db';
import { eq } from 'drizzle-orm';
import { loadSave, textPdf } from '../pdfs.ts';
import { type BenchRow, median, ratioRow } from '../report.ts';

const RUNS = 7;
/**
 * Completions run in a PDF worker thread whose code V8 optimises over its first several documents (the floor
 * runs on the warm main thread): both sides get the same warm-up, so the figure is the steady state.
 */
const WARMUPS = 10;

/** Signers of the multi-script figure: Chinese, Devanagari and Arabic names (initials derived from them). */
const MULTI_SCRIPT = ['山田 太郎', 'राम किशोर शर्मा', 'محمد العلي'];
const LATIN = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'];

/**
 * Issue 5's figure: completing a 100-page session of 3 signers (initials on every page for each, signature
 * blocks, audit certificate, PAdES seal) against pdf-lib loading and saving the same prepared document.
 * Issue 13's: the same session with signers who type in Chinese, Devanagari and Arabic (shaped text, three
 * more fonts to subset and embed) against the Latin one, measured in the same run.
 */
export async function run(): Promise<BenchRow[]> {
  const api = await startTestApi();
  try {
    const { account, cloudFileId } = await accountWithContract(api, 100, 'completion');
    const latin = await signedSession(api, account.accessToken, cloudFileId, LATIN);
    const multi = await signedSession(api, account.accessToken, cloudFileId, MULTI_SCRIPT);
    const { db } = api.runtime.ctx;
    const prepared = await api.runtime.ctx.blobs.read(
      (await db.select().from(documents).where(eq(documents.sessionId, latin)).limit(1))[0]!.preparedSha256,
    );
    const floor = await median(RUNS, () => loadSave(prepared), WARMUPS);
    const complete = await median(RUNS, () => completeAgain(api, latin), WARMUPS);
    const completeMulti = await median(RUNS, () => completeAgain(api, multi), WARMUPS);
    return [
      ratioRow(
        'completion: 100 pages, 3 signers, to the sealed PDF',
        complete,
        floor,
        'pdf-lib load+save',
        3,
      ),
      ratioRow(
        'completion: the same, signers typing Chinese, Devanagari, Arabic',
        completeMulti,
        complete,
        'Latin signers',
        1.5,
      ),
    ];
  } finally {
    await api.close();
  }
}

type Api = Awaited<ReturnType<typeof startTestApi>>;

/** An account with no sending limit and a fresh `pages`-page contract on its drive. */
export async function accountWithContract(api: Api, pages: number, name: string) {
  const account = await api.newAccount('bench');
  await setAllowance(api.runtime.ctx, account.accountId, 1e9, 86_400_000);
  const { cloudFileId } = await (await localDrive(api.runtime.ctx, account.accountId)).put(
    'contract.pdf',
    await textPdf(pages, `${name}-${Date.now()}`),
  );
  return { account, cloudFileId };
}

/** A sent session whose signers have all signed (typed signature and initials), straight in the database. */
export async function signedSession(
  api: Api,
  token: string,
  cloudFileId: string,
  names: string[],
): Promise<string> {
  const res = await api.post(
    '/api/sessions/send',
    {
      cloudFileIds: [cloudFileId],
      authRequirement: 'public',
      signingRequests: [{ recipients: names.map((name, i) => ({ name, email: `s${i}@example.test` })) }],
    },
    token,
  );
  if (res.status !== 200) throw new Error(`send answered ${res.status}`);
  const sessionId = ((await res.json()) as { rows: { sessionId: string }[] }).rows[0]!.sessionId;
  const { db } = api.runtime.ctx;
  const now = Date.now();
  for (const p of await db.select().from(participants).where(eq(participants.sessionId, sessionId))) {
    await db
      .update(participants)
      .set({
        status: 'signed',
        signedAt: now,
        viewedAt: now,
        signature: { kind: 'typed', value: p.name },
        initials: { kind: 'typed', value: initialsOf(p.name) },
        signedIp: '203.0.113.10',
        signedUserAgent: 'bench',
      })
      .where(eq(participants.id, p.id));
  }
  return sessionId;
}

/** Completes the session again from scratch (its final PDF forgotten). */
export async function completeAgain(api: Api, sessionId: string): Promise<void> {
  const { db } = api.runtime.ctx;
  await db.update(documents).set({ finalSha256: null }).where(eq(documents.sessionId, sessionId));
  await db.update(sessions).set({ status: 'active', completedAt: null }).where(eq(sessions.id, sessionId));
  const { completed } = await completeSession(api.runtime.ctx, sessionId);
  if (!completed) throw new Error('the session did not complete');
}
