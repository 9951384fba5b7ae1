import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditInput,
  checkFieldText,
  type FinalizeField,
  finalize,
  type SealOptions,
} from '../src/index.ts';
import { extractedContains, MULTI_SCRIPT_VALUES } from '../src/testing/index.ts';
import { testSealIdentity } from './seal-fixtures.ts';

let dir: string;
let seal: SealOptions;
let prepared: Uint8Array;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scripts-'));
  seal = { ...testSealIdentity('Scripts Seal'), reason: 'Completed', name: 'Countersign', location: 'Test' };
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  prepared = await doc.save();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function audit(name: string, email: string): AuditInput {
  return {
    sessionId: 'ses_scripts',
    status: 'completed',
    completedAt: new Date('2026-01-02T03:04:05Z'),
    originalSha256: 'a'.repeat(64),
    signers: [
      {
        name,
        email,
        verification: 'none',
        ip: null,
        userAgent: null,
        sentAt: null,
        viewedAt: null,
        signedAt: null,
      },
    ],
  };
}

/** One document: the value in a text field and as a typed signature; the certificate names the signer. */
async function sealedText(value: string, n: number): Promise<{ text: string; pdfsig: string }> {
  const fields: FinalizeField[] = [
    { page: 1, x: 72, y: 100, width: 300, height: 24, type: 'text', value },
    {
      page: 1,
      x: 72,
      y: 200,
      width: 300,
      height: 48,
      type: 'signature',
      value: null,
      signature: { kind: 'typed', value },
    },
  ];
  const result = await finalize(prepared, { fields, audit: audit(value, 'signer@example.com') }, seal);
  const file = join(dir, `doc-${n}.pdf`);
  writeFileSync(file, result.bytes);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
  const pdfsig = execFileSync('pdfsig', [file]).toString('utf8');
  return { text, pdfsig };
}

describe('text in every script', () => {
  it('extracts exactly what was typed, in any order of documents in one process', async () => {
    // The order that used to corrupt the second document's character map comes first.
    const orders = [
      [...MULTI_SCRIPT_VALUES],
      [...MULTI_SCRIPT_VALUES].reverse(),
      [...MULTI_SCRIPT_VALUES].map((_, i, all) => all[(i * 5) % all.length]!),
    ];
    let n = 0;
    for (const order of orders) {
      for (const value of order) {
        const { text, pdfsig } = await sealedText(value, n++);
        const page1 = text.split('\f')[0]!;
        // Twice on the page (field and signature) and once on the certificate.
        const onPage = page1.split(/\n+/).filter((line) => extractedContains(line, value));
        expect(onPage.length, `"${value}" on page 1 of:\n${page1}`).toBe(2);
        expect(extractedContains(text.split('\f')[1]!, value), `"${value}" on the certificate`).toBe(true);
        expect(pdfsig).toContain('Signature is Valid');
      }
    }
  }, 120_000);

  it('checks a value at entry: unsupported characters and values too long are refused', () => {
    for (const value of MULTI_SCRIPT_VALUES) {
      expect(checkFieldText('text', value, 200, 24)).toMatchObject({ ok: true });
      expect(checkFieldText('signature', value, 200, 40)).toMatchObject({ ok: true });
    }
    const emoji = checkFieldText('text', 'Jane 😀', 200, 24);
    expect(emoji.ok).toBe(false);
    expect(emoji.problem).toMatchObject({ code: 'unsupported-characters', characters: ['😀'] });
    expect(emoji.problem!.message).toContain('U+1F600');

    // Shrunk first, then wrapped, then refused.
    const medium = 'Purchase order PO-123456789 for the second quarter';
    const shrunk = checkFieldText('text', medium, 300, 20);
    expect(shrunk).toMatchObject({ ok: true, lines: 1 });
    expect(shrunk.size!).toBeLessThan(12);
    expect(checkFieldText('text', medium, 130, 24)).toMatchObject({ ok: true, lines: 2 });
    const long = checkFieldText('text', medium.repeat(6), 90, 24);
    expect(long).toMatchObject({ ok: false, problem: { code: 'too-long' } });
    // Joiners and bidi isolates show nothing and are not "unsupported".
    expect(checkFieldText('text', 'क्\u200dष \u2068a\u2069', 200, 24).ok).toBe(true);
  });

  it('never fails on text: any string is stamped (what no font shows as a missing glyph), sealed and valid', async () => {
    // Deterministic pseudo-random strings over all of Unicode: unassigned code points, lone surrogate
    // halves, controls, combining marks, joiners, direction overrides, and very long values.
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const special = [
      '\u202e',
      '\u202d',
      '\u2066',
      '\u200d',
      '\u200c',
      '\u0301',
      '\ud800',
      '\udfff',
      '\u0000',
      '\t',
      '\ufeff',
      '\u{e0001}',
    ];
    const strings = Array.from({ length: 40 }, (_, i) => {
      const length = i % 10 === 9 ? 600 : 1 + Math.floor(random() * 30);
      return Array.from({ length }, () => {
        const r = random();
        if (r < 0.2) return special[Math.floor(random() * special.length)]!;
        if (r < 0.6) return String.fromCharCode(Math.floor(random() * 0x10000));
        return String.fromCodePoint(Math.floor(random() * 0x110000));
      }).join('');
    });
    for (const value of strings) expect(() => checkFieldText('text', value, 100, 20)).not.toThrow();
    // A grid four values wide: each value's text field, and its typed signature just below it.
    const cell = (i: number, top: number, height: number) => ({
      page: 1,
      x: 20 + (i % 4) * 140,
      y: top + Math.floor(i / 4) * 70,
      width: 130,
      height,
    });
    const fields: FinalizeField[] = strings.flatMap((value, i) => [
      { ...cell(i, 20, 20), type: 'text', value },
      { ...cell(i, 45, 30), type: 'signature', value: null, signature: { kind: 'typed', value } },
    ]);
    const result = await finalize(prepared, { fields, audit: audit(strings[3]!, strings[4]!) }, seal);
    const file = join(dir, 'fuzz.pdf');
    writeFileSync(file, result.bytes);
    expect(execFileSync('pdfsig', [file]).toString('utf8')).toContain('Signature is Valid');
  }, 60_000);
});
