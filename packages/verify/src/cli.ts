#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { formatReport, verifyPdf } from './verify-pdf.ts';

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
  const report = verifyPdf(readFileSync(file), {
    requireTimestamp,
    ...(trailFile ? { trail: JSON.parse(readFileSync(trailFile, 'utf8')) } : {}),
  });
  process.stdout.write(
    json ? `${JSON.stringify({ file, ...report }, null, 2)}\n` : formatReport(file, report),
  );
  return report.ok ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = runVerify(process.argv.slice(2));
