import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractedContains } from '@countersign/pdf-engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SigningWorld, startSigningWorld } from './signing-setup.ts';

// The sealed PDF of an own-PDF send (its generated layout has an automatic "date signed" field), read back
// with pdftotext: the stamped date is written the session's language's way, while the certificate and the
// audit trail keep the ISO date; and a signer's name with a right-to-left override cannot reorder the
// certificate's lines around it.

const SIGNED_AT = Date.parse('2027-03-14T10:30:00Z');
const RLO = '\u202E';

let w: SigningWorld;
let dir: string;

beforeAll(async () => {
  w = await startSigningWorld();
  w.clock.set(SIGNED_AT);
  dir = mkdtempSync(join(tmpdir(), 'stamped-dates-'));
});
afterAll(async () => {
  await w?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends, signs as the one signer, waits for the seal; returns pdftotext's pages and the audit trail. */
async function signedPdf(name: string, locale?: string): Promise<{ pages: string[]; sessionId: string }> {
  const s = await w.send({
    recipients: [{ name }],
    authRequirement: 'public',
    ...(locale ? { locale } : {}),
  });
  const signer = w.signer(s.tokens[0]!);
  const res = await signer.sign({ values: [], signature: { kind: 'typed', value: 'Signed' } });
  expect(res.status, await res.clone().text()).toBe(200);
  let view = await signer.view();
  for (let i = 0; i < 300 && !(view.status === 'completed' && view.download?.ready); i++) {
    await new Promise((r) => setTimeout(r, 100));
    view = await signer.view();
  }
  expect(view.status).toBe('completed');
  const pdf = await signer.request('GET', `/documents/${s.documentIds[0]}`);
  expect(pdf.status).toBe(200);
  const file = join(dir, `${s.sessionId}.pdf`);
  writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
  expect(execFileSync('pdfsig', [file]).toString('utf8')).toContain('Signature is Valid.');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
  return { pages: text.split('\f').filter((p) => p.trim() !== ''), sessionId: s.sessionId };
}

describe('stamped dates and the certificate', () => {
  it.each([
    ['de', '14. März 2027'],
    ['fr', '14 mars 2027'],
    ['ja', '2027年3月14日'],
    ['ar', '14 مارس 2027'],
    [undefined, '14 March 2027'],
  ])(
    'locale %s: the date signed reads %s; the certificate and the audit trail keep ISO',
    async (locale, date) => {
      const { pages, sessionId } = await signedPdf('Dana Date', locale);
      const documentPages = pages.slice(0, -1).join('\n');
      const certificate = pages.at(-1)!;
      // Right-to-left words come out of pdftotext in visual order: either order counts.
      expect(extractedContains(documentPages, date), documentPages).toBe(true);
      expect(documentPages).not.toContain('2027-03-14');
      expect(certificate).toContain('2027-03-14 10:30:00 UTC');
      const signed = (await w.auditOf(sessionId)).find((e) => e.type === 'participant.signed')!;
      expect(new Date(signed.at).toISOString()).toBe('2027-03-14T10:30:00.000Z');
    },
    120_000,
  );

  it('a right-to-left override in a name stays inside the name on the certificate', async () => {
    const { pages } = await signedPdf(`Mallory ${RLO}fdp.exe`);
    const certificate = pages.at(-1)!;
    const lines = certificate.split('\n').map((l) => l.trim());
    // The numbered heading still starts with its number, and the rows after it keep their labels.
    const heading = lines.find((l) => l.startsWith('1. '));
    expect(heading, certificate).toBeDefined();
    expect(heading).toContain('Mallory');
    expect(certificate).toContain('Email');
    expect(certificate).toContain('Verification');
    expect(certificate).toContain('None (public link)');
  }, 120_000);
});
