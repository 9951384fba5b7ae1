import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { type FinalizeInput, generateSealCertificate } from '../src/index.ts';

// What the sealing tests share: a throwaway seal identity, a document to seal, a completed session's audit
// input, and the independent checkers (pdfsig, qpdf, openssl) run on bytes written to the test's folder.

/** A self-signed seal identity; 2048-bit, as larger keys make every test file slow to start. */
export const testSealIdentity = (commonName: string, organization = 'Test') =>
  generateSealCertificate({ commonName, organization, keyBits: 2048 });

/** A one-page Letter document with a line of text. */
export async function onePagePdf(text = 'An agreement'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(text, { x: 72, y: 720, size: 16, font });
  return doc.save();
}

/** finalize's input for a completed session with no fields and no signers: only the seal is under test. */
export const completedSession = (sessionId: string, originalSha256: string): FinalizeInput => ({
  fields: [],
  audit: {
    sessionId,
    status: 'completed',
    completedAt: new Date('2026-03-04T05:06:07Z'),
    originalSha256,
    signers: [],
  },
});

/**
 * Runs a command-line tool; with `file`, its bytes are written to a new file in `dir` (extension `ext`, pdf
 * by default) passed as the last argument. Its exit code and everything it printed.
 */
export function runTool(
  dir: string,
  name: string,
  args: string[],
  file?: { bytes: Uint8Array; ext?: string },
): { code: number | null; out: string } {
  const path = file ? join(dir, `${name}-${Math.random().toString(36).slice(2)}.${file.ext ?? 'pdf'}`) : '';
  if (file) writeFileSync(path, file.bytes);
  const run = spawnSync(name, file ? [...args, path] : args, { encoding: 'utf8' });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** What poppler's pdfsig reports of a file's signatures. */
export const pdfsig = (dir: string, bytes: Uint8Array): string => runTool(dir, 'pdfsig', [], { bytes }).out;

/** qpdf --check's exit code: 0 for a structurally sound file. */
export const qpdfCheck = (dir: string, bytes: Uint8Array): number | null =>
  runTool(dir, 'qpdf', ['--check'], { bytes }).code;
