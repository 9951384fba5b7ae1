import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signatureFontPath } from '@countersign/pdf-engine';
import { extractedContains, MULTI_SCRIPT_VALUES } from '@countersign/pdf-engine/testing';
import type { SigningView } from '@countersign/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureFontUrl } from '../src/routes/fonts.ts';
import { createTestTemplate } from './fixtures/templates.ts';
import { type Signer, type SigningWorld, startSigningWorld } from './signing-setup.ts';

let w: SigningWorld;
let dir: string;
let templateId: string;

beforeAll(async () => {
  w = await startSigningWorld();
  dir = mkdtempSync(join(tmpdir(), 'signing-scripts-'));
  const template = await createTestTemplate(w.api, w.accountId, {
    roles: ['Signer'],
    fields: [
      { label: 'Company', type: 'text', page: 1, x: 72, y: 100, width: 260, height: 24, role: 'Signer' },
      {
        label: 'Signature',
        type: 'signature',
        page: 1,
        x: 72,
        y: 200,
        width: 260,
        height: 44,
        role: 'Signer',
      },
      { label: 'Initials', type: 'initials', page: 1, x: 400, y: 200, width: 60, height: 30, role: 'Signer' },
    ],
  });
  templateId = template.templateId;
});
afterAll(async () => {
  await w.close();
  rmSync(dir, { recursive: true, force: true });
});

const typed = (value: string) => ({ kind: 'typed' as const, value });
const field = (view: SigningView, label: string) => view.fields.find((f) => f.label === label)!;

async function session(
  name: string,
): Promise<{ signer: Signer; view: SigningView; sessionId: string; documentId: string }> {
  const s = await w.sendTemplate({
    templateId,
    recipients: [{ label: 'Signer', name, email: `signer.${randomUUID().slice(0, 8)}@example.test` }],
    authRequirement: 'public',
  });
  const signer = w.signer(s.tokens[0]!);
  return { signer, view: await signer.view(), sessionId: s.sessionId, documentId: s.documentIds[0]! };
}

/** Waits (bounded) for the completion job to seal the PDF, then downloads it. */
async function sealedPdf(signer: Signer, documentId: string): Promise<Buffer> {
  let view = await signer.view();
  for (let i = 0; i < 300 && !(view.status === 'completed' && view.download?.ready); i++) {
    await new Promise((r) => setTimeout(r, 100));
    view = await signer.view();
  }
  expect(view.status).toBe('completed');
  const res = await signer.request('GET', `/documents/${documentId}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

function extract(bytes: Buffer, name: string): { pages: string[]; pdfsig: string } {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
  return { pages: text.split('\f'), pdfsig: execFileSync('pdfsig', [file]).toString('utf8') };
}

describe('signing in every script, end to end', () => {
  it('the sealed PDF says exactly what each signer typed, whatever ran before in the process', async () => {
    // Forward, then a different order of the same values: state left by one session must not change another's PDF.
    const order = [
      ...MULTI_SCRIPT_VALUES,
      ...[...MULTI_SCRIPT_VALUES].reverse().filter((_, i) => i % 2 === 0),
    ];
    for (const [n, value] of order.entries()) {
      const { signer, view, documentId } = await session(value);
      const check = await signer.request('POST', '/text-check', {
        values: [{ fieldId: field(view, 'Company').id, value }],
        signature: typed(value),
      });
      expect(check.status).toBe(200);
      const checked = (await check.json()) as { fields: { fieldId: string; ok: boolean }[] };
      expect(checked.fields.map((f) => f.ok)).toEqual([true, true]);

      const signed = await signer.sign({
        values: [{ fieldId: field(view, 'Company').id, value }],
        signature: typed(value),
      });
      expect(signed.status, await signed.clone().text()).toBe(200);
      const { pages, pdfsig } = extract(await sealedPdf(signer, documentId), `doc-${n}`);
      const lines = pages[0]!.split(/\n+/).filter((line) => extractedContains(line, value));
      expect(lines.length, `"${value}" as the company and the signature, page 1:\n${pages[0]}`).toBe(2);
      expect(extractedContains(pages.at(-2)!, value), `"${value}" as the signer on the certificate`).toBe(
        true,
      );
      expect(pdfsig).toContain('Signature is Valid');
    }
  }, 300_000);

  it('refuses at signing what cannot be stamped, naming the field; the check says so while typing', async () => {
    const { signer, view } = await session('Ada Lovelace');
    const company = field(view, 'Company').id;

    const emoji = await signer.sign({
      values: [{ fieldId: company, value: 'Acme 😀' }],
      signature: typed('Ada'),
    });
    expect(emoji.status).toBe(400);
    const emojiBody = (await emoji.json()) as { error: { code?: string } & Record<string, unknown> };
    expect(JSON.stringify(emojiBody)).toContain('invalid_field_value');
    expect(JSON.stringify(emojiBody)).toContain(company);
    expect(JSON.stringify(emojiBody)).toContain('U+1F600');

    const long = 'Purchase order PO-123456789 for the second quarter of the year '.repeat(8);
    const tooLong = await signer.sign({
      values: [{ fieldId: company, value: long }],
      signature: typed('Ada'),
    });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(await tooLong.json())).toMatch(
      /invalid_field_value.*does not fit|does not fit.*invalid_field_value/s,
    );

    const sig = await signer.sign({ values: [], signature: typed('Ada \u{1F58A}') });
    expect(sig.status).toBe(400);
    expect(JSON.stringify(await sig.json())).toContain('invalid_signature');

    // Nothing was recorded: the signer still signs, with a value that fits once wrapped.
    expect((await signer.view()).participant).toMatchObject({
      status: expect.not.stringMatching(/^signed$/),
    });
    const check = await signer.request('POST', '/text-check', {
      values: [{ fieldId: company, value: long }],
      signature: typed('Ada'),
    });
    const result = (await check.json()) as {
      fields: { fieldId: string; ok: boolean; size?: number; lines?: number; problem?: { code: string } }[];
    };
    expect(result.fields.find((f) => f.fieldId === company)).toMatchObject({
      ok: false,
      problem: { code: 'too-long' },
    });
    const wrapped = long.slice(0, 120);
    const fits = (await (
      await signer.request('POST', '/text-check', { values: [{ fieldId: company, value: wrapped }] })
    ).json()) as { fields: { ok: boolean; lines: number; size: number }[] };
    expect(fits.fields[0]).toMatchObject({ ok: true });
    expect(fits.fields[0]!.lines).toBeGreaterThan(1);
    expect(
      (await signer.sign({ values: [{ fieldId: company, value: wrapped }], signature: typed('Ada') })).status,
    ).toBe(200);

    // Someone else's field cannot be checked either.
    const other = await session('Bo Other');
    const foreign = await other.signer.request('POST', '/text-check', {
      values: [{ fieldId: 'nope', value: 'x' }],
    });
    expect(foreign.status).toBe(400);
  }, 60_000);

  it('serves the signature font the PDF embeds, cached for good under its content name', async () => {
    const url = signatureFontUrl();
    expect(url).toMatch(/^\/assets\/fonts\/signature-[0-9a-f]{16}\.ttf$/);
    const res = await w.api.fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('font/ttf');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(signatureFontPath()))).toBe(true);
    expect((await w.api.fetch('/assets/fonts/other.ttf')).status).toBe(404);
  });
});
