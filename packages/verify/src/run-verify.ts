import { readFileSync } from 'node:fs';
import { formatReport, type VerifyOptions, verifyPdf } from './verify-pdf.ts';

/** `countersign-verify FILE.pdf [--json] [--trail trail.json] [--require-timestamp]`; exit 0 only when valid. */
export function runVerify(argv: string[]): number {
  const json = argv.includes('--json');
  const requireTimestamp = argv.includes('--require-timestamp');
  const trailAt = argv.indexOf('--trail');
  const trailFile = trailAt >= 0 ? argv[trailAt + 1] : undefined;
  const file = argv.find((a, i) => !a.startsWith('--') && (trailAt < 0 || i !== trailAt + 1));
  if (!file || (trailAt >= 0 && !trailFile)) {
    process.stderr.write('usage: verify FILE.pdf [--json] [--trail trail.json] [--require-timestamp]\n');
    return 2;
  }
  let pdf: Buffer;
  let trail: VerifyOptions['trail'];
  try {
    pdf = readFileSync(file);
    if (trailFile) trail = JSON.parse(readFileSync(trailFile, 'utf8'));
  } catch (err) {
    // A missing or unreadable file is the caller's mistake, like a usage error: one line, not a stack trace.
    process.stderr.write(`verify: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const report = verifyPdf(pdf, { requireTimestamp, ...(trail ? { trail } : {}) });
  process.stdout.write(
    json ? `${JSON.stringify({ file, ...report }, null, 2)}\n` : formatReport(file, report),
  );
  return report.ok ? 0 : 1;
}
