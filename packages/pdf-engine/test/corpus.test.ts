/**
 * The shared corpus (real third-party PDFs, <repo>/../shared/pdf-corpus): every file must get
 * the verdict MANIFEST.tsv expects, and every accepted file must go through layout and prepare
 * and re-open in pdf.js with its signature page. Without the corpus, one test says so and checks
 * that the directory really is absent (a corpus that is present but broken must fail, not skip).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspector, type Inspector, type InspectResult, type Prepared, prepare } from '../src/index.ts';
import { layoutProblems } from './field-checks.ts';
import { openPdf } from './pdfjs.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const corpusDir = resolve(repoRoot, '..', 'shared', 'pdf-corpus');
const present = existsSync(corpusDir);

interface Row {
  path: string;
  expected: 'accept' | 'encrypted' | 'xfa' | 'load-failed';
  pages: number | null;
}

interface Outcome {
  result: InspectResult;
  prepared?: Prepared;
  signers?: number;
  reopened?: { pages: number; lastView: number[]; lastRotate: number };
}

function manifest(): Row[] {
  const [header, ...lines] = readFileSync(join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  const columns = header!.split('\t');
  const at = (name: string) => columns.indexOf(name);
  return lines.map((line) => {
    const cells = line.split('\t');
    const pages = cells[at('pages')]!;
    return {
      path: cells[at('path')]!,
      expected: cells[at('expected')] as Row['expected'],
      pages: /^\d+$/.test(pages) ? Number(pages) : null,
    };
  });
}

if (!present) {
  describe('pdf corpus', () => {
    it('is not present, so its checks did not run', () => {
      console.warn(`[pdf-engine] PDF corpus NOT FOUND at ${corpusDir}: the corpus checks did not run.`);
      expect(existsSync(corpusDir)).toBe(false);
    });
  });
} else {
  const rows = manifest();
  const outcomes = new Map<string, Outcome>();
  let inspector: Inspector;

  describe('pdf corpus', () => {
    beforeAll(async () => {
      // A generous time limit: this test is about verdicts, on a machine that may be busy;
      // the time limit itself is covered by the hostile-input tests.
      inspector = createInspector({ poolSize: 2, limits: { timeoutMs: 90_000 } });
      const started = performance.now();
      await Promise.all(
        rows.map(async (row, i) => {
          const bytes = new Uint8Array(readFileSync(join(corpusDir, row.path)));
          const result = await inspector.inspect(bytes);
          const outcome: Outcome = { result };
          outcomes.set(row.path, outcome);
          if (!result.ok) return;
          outcome.signers = 1 + (i % 3);
          outcome.prepared = await prepare(bytes, outcome.signers, result);
          const doc = await openPdf(outcome.prepared.bytes);
          const last = await doc.getPage(doc.numPages);
          outcome.reopened = { pages: doc.numPages, lastView: [...last.view], lastRotate: last.rotate };
          await doc.destroy();
        }),
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `[pdf-engine] corpus: ${rows.length} files inspected, accepted ones prepared and re-opened in ${seconds} s`,
      );
    }, 600_000);
    afterAll(() => inspector?.close());

    it('lists every folder of the corpus', () => {
      expect(new Set(rows.map((r) => r.expected))).toEqual(
        new Set(['accept', 'encrypted', 'xfa', 'load-failed']),
      );
    });

    it.each(rows.map((row) => [row.path, row] as const))('%s gets its expected verdict', (_path, row) => {
      const { result } = outcomes.get(row.path)!;
      const verdict = result.ok ? 'accept' : result.reason;
      expect(verdict, result.ok ? '' : result.message).toBe(row.expected);
      if (result.ok && row.pages !== null) expect(result.pageCount).toBe(row.pages);
    });

    it.each(rows.filter((r) => r.expected === 'accept').map((row) => [row.path, row] as const))(
      '%s is laid out and prepared, and re-opens with its signature page',
      (_path, row) => {
        const { result, prepared, signers, reopened } = outcomes.get(row.path)!;
        if (!result.ok || !prepared || !signers || !reopened) throw new Error(`${row.path} was not prepared`);
        expect(layoutProblems(prepared.fields, result.pages, signers)).toEqual([]);
        expect(prepared.pageCount).toBe(result.pageCount + 1);
        expect(reopened).toEqual({ pages: result.pageCount + 1, lastView: [0, 0, 612, 792], lastRotate: 0 });
      },
    );
  });
}
