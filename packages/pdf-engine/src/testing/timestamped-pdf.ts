import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What poppler's pdfsig prints of the seal, then of the document time-stamp, of a time-stamped final PDF. */
const EXPECTED = {
  seal: ['Signature is Valid.', 'ETSI.CAdES.detached'],
  // poppler 22.12 lists the document time-stamp (signed by the TSA, over the whole file) but cannot validate
  // ETSI.RFC3161 ("Unable to validate this type of signature"): its token is checked apart.
  documentTimestamp: [
    'Countersign document timestamp',
    'Signer Certificate Common Name: Countersign Test TSA',
    'Total document signed',
  ],
};

/**
 * pdfsig's report of `bytes`, a PDF sealed with a time-stamped signature then a document time-stamp by the test
 * TSA, and what pdfsig and `qpdf --check` did not find in it as they should (empty: nothing).
 */
export function timestampedPdf(bytes: Uint8Array): { pdfsig: string; missing: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'countersign-timestamped-'));
  try {
    const file = join(dir, 'final.pdf');
    writeFileSync(file, bytes);
    const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    const pdfsig = `${run.stdout}${run.stderr}`;
    const [seal = '', documentTimestamp = ''] = pdfsig.split('Signature #2:');
    const missing = [
      ...EXPECTED.seal.filter((s) => !seal.includes(s)).map((s) => `seal: ${s}`),
      ...EXPECTED.documentTimestamp
        .filter((s) => !documentTimestamp.includes(s))
        .map((s) => `document time-stamp: ${s}`),
    ];
    if (spawnSync('qpdf', ['--check', file]).status !== 0) missing.push('qpdf --check');
    return { pdfsig, missing };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
