import { type Check, type VerifyOptions, type VerifyReport, verifyPdf } from '@countersign/verify/browser';
import { Buffer } from 'buffer';
import './verify.css';

// The verifier reads files as Node Buffers; this page gives it the browser implementation.
(globalThis as { Buffer?: unknown }).Buffer = Buffer;

const form = document.querySelector<HTMLFormElement>('#verify-form')!;
const pdfInput = document.querySelector<HTMLInputElement>('#pdf')!;
const trailInput = document.querySelector<HTMLInputElement>('#trail')!;
const result = document.querySelector<HTMLElement>('#result')!;

/** What each check means, in words a reader without the docs follows. */
const LABELS: Record<Check['name'], string> = {
  'seal-present': 'Seal present',
  'seal-digest': 'Signed bytes unchanged',
  'seal-signature': 'Seal signature',
  'nothing-appended': 'Nothing appended after sealing',
  'certificate-chain': 'Certificate chain',
  timestamp: 'Trusted timestamp',
  'document-timestamp': 'Document timestamp',
  revocation: 'Revocation data (OCSP, CRL)',
  'audit-chain': 'Audit trail chain',
};

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

const status = (ok: boolean | null) =>
  ok === null
    ? el('span', { class: 'badge skip' }, 'Not checked')
    : ok
      ? el('span', { class: 'badge ok' }, 'OK')
      : el('span', { class: 'badge fail' }, 'Failed');

function render(file: string, report: VerifyReport): void {
  const failed = report.checks.filter((c) => c.ok === false);
  const verdict = el(
    'p',
    { class: `verdict ${report.ok ? 'ok' : 'fail'}`, 'data-verdict': report.ok ? 'valid' : 'invalid' },
    report.ok
      ? `${file}: valid. Every check that applies holds.`
      : `${file}: not valid. Failed: ${failed.map((c) => c.name).join(', ')}.`,
  );
  const rows = report.checks.map((c) =>
    el(
      'tr',
      { 'data-check': c.name, 'data-ok': String(c.ok) },
      el('th', { scope: 'row' }, LABELS[c.name], el('br'), el('code', {}, c.name)),
      el('td', {}, status(c.ok)),
      el('td', {}, c.detail),
    ),
  );
  const table = el(
    'table',
    { class: 'checks' },
    el('caption', {}, 'Checks'),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, 'Check'),
        el('th', { scope: 'col' }, 'Result'),
        el('th', { scope: 'col' }, 'Detail'),
      ),
    ),
    el('tbody', {}, ...rows),
  );
  const facts = el('dl', { class: 'facts' });
  const fact = (term: string, value: string) => facts.append(el('dt', {}, term), el('dd', {}, value));
  if (report.seal) {
    const [, b, c, d] = report.seal.byteRange;
    fact(
      'Covered bytes',
      `${report.seal.coveredBytes} of ${report.seal.fileBytes}: bytes 0 to ${b - 1} and ${c} to ${c + d - 1} (the gap is the signature value itself)`,
    );
    fact('Sealed by', report.seal.signer ?? 'unknown');
    fact('Seal time (claimed by the signer)', report.seal.signingTime ?? 'not given');
  }
  fact(
    'Timestamp',
    report.timestamp
      ? `${report.timestamp.time}, by ${report.timestamp.tsa}`
      : 'none: the time above is the signer’s claim, not a trusted time',
  );
  if (report.documentTimestamp)
    fact('Document timestamp', `${report.documentTimestamp.time}, by ${report.documentTimestamp.tsa}`);
  for (const cert of report.chain)
    fact(cert.selfSigned ? 'Root certificate' : 'Certificate', `${cert.subject} (valid to ${cert.validTo})`);
  fact('Audit chain head sealed in the PDF', report.auditChainHead ?? 'none');
  result.replaceChildren(verdict, table, el('h2', {}, 'Details'), facts);
}

async function check(): Promise<void> {
  const file = pdfInput.files?.[0];
  if (!file) {
    result.replaceChildren();
    return;
  }
  result.replaceChildren(el('p', { class: 'busy' }, `Checking ${file.name}…`));
  try {
    const pdf = Buffer.from(await file.arrayBuffer());
    const trailFile = trailInput.files?.[0];
    const trail = trailFile ? (JSON.parse(await trailFile.text()) as VerifyOptions['trail']) : undefined;
    // The `buffer` package's Buffer: the same methods as Node's, another type.
    const bytes = pdf as unknown as Parameters<typeof verifyPdf>[0];
    render(file.name, verifyPdf(bytes, trail ? { trail } : {}));
  } catch (err) {
    result.replaceChildren(
      el(
        'p',
        { class: 'verdict fail', role: 'alert' },
        `Could not check ${file.name}: ${(err as Error).message}`,
      ),
    );
  }
}

form.addEventListener('submit', (e) => e.preventDefault());
pdfInput.addEventListener('change', () => void check());
trailInput.addEventListener('change', () => void check());
