import { type Check, type VerifyOptions, type VerifyReport, verifyPdf } from '@countersign/verify/browser';
import { Buffer } from 'buffer';
import type { VerifyCatalogue, VerifyKey } from './i18n/en.ts';
import { fill, fillParts, TRAIL_ENDPOINT } from './i18n/fill.ts';
import './verify.css';

// The verifier reads files as Node Buffers; this page gives it the browser implementation.
(globalThis as { Buffer?: unknown }).Buffer = Buffer;

const form = document.querySelector<HTMLFormElement>('#verify-form')!;
const pdfInput = document.querySelector<HTMLInputElement>('#pdf')!;
const trailInput = document.querySelector<HTMLInputElement>('#trail')!;
const result = document.querySelector<HTMLElement>('#result')!;

/** The page's language and words: the server renders the page in one language and inlines its catalogue. */
const { locale, strings } = JSON.parse(document.querySelector('#messages')!.textContent!) as {
  locale: string;
  strings: VerifyCatalogue;
};
const t = (key: VerifyKey, vars?: Record<string, string | number>) => fill(strings[key], vars);
/** As `t`, with nodes for placeholders: names and subjects go in <bdi>, so they keep their own direction. */
const tNodes = (key: VerifyKey, vars: Record<string, string | Node>): (Node | string)[] =>
  fillParts<Node | string>(
    strings[key],
    (s) => s,
    (name) => vars[name] ?? '',
  );

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

const outcome = (ok: boolean | null) => (ok === null ? 'skip' : ok ? 'ok' : 'fail');
const status = (ok: boolean | null) =>
  el('span', { class: `badge ${outcome(ok)}` }, t(`status.${outcome(ok)}`));

/** Technical text as the verifier wrote it (English, left to right), so a reader's language is not assumed. */
const technical = (text: string) => el('span', { lang: 'en', dir: 'ltr' }, text);
const isolated = (text: string) => el('bdi', {}, text);

/** A check's outcome in the reader's words, then the verifier's own detail. */
function detail(c: Check): Node[] {
  const explained = strings[`explain.${c.name}.${outcome(c.ok)}` as VerifyKey] as string | undefined;
  const tech = el('span', { class: 'tech' }, technical(c.detail));
  return explained ? [el('span', { class: 'explain' }, explained), tech] : [tech];
}

/** The reader's error, in the page's language. */
const failure = (...text: (Node | string)[]) => el('p', { class: 'verdict fail', role: 'alert' }, ...text);

function render(name: string, report: VerifyReport): void {
  const file = isolated(name);
  const failed = report.checks.filter((c) => c.ok === false);
  const verdict = el(
    'p',
    { class: `verdict ${report.ok ? 'ok' : 'fail'}`, 'data-verdict': report.ok ? 'valid' : 'invalid' },
    ...(report.ok
      ? tNodes('verdict.valid', { file })
      : tNodes('verdict.invalid', { file, checks: failed.map((c) => c.name).join(', ') })),
  );
  const rows = report.checks.map((c) =>
    el(
      'tr',
      { 'data-check': c.name, 'data-ok': String(c.ok) },
      el('th', { scope: 'row' }, t(`check.${c.name}`), el('br'), el('code', {}, c.name)),
      el('td', {}, status(c.ok)),
      el('td', {}, ...detail(c)),
    ),
  );
  const table = el(
    'table',
    { class: 'checks' },
    el('caption', {}, t('table.caption')),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, t('table.check')),
        el('th', { scope: 'col' }, t('table.result')),
        el('th', { scope: 'col' }, t('table.detail')),
      ),
    ),
    el('tbody', {}, ...rows),
  );
  const facts = el('dl', { class: 'facts' });
  const fact = (term: VerifyKey, ...value: (Node | string)[]) =>
    facts.append(el('dt', {}, t(term)), el('dd', {}, ...value));
  const stamp = (s: { time: string; tsa: string }) =>
    tNodes('fact.stamp', { time: isolated(s.time), tsa: isolated(s.tsa) });
  if (report.seal) {
    const [, b, c, d] = report.seal.byteRange;
    const { coveredBytes: covered, fileBytes: total } = report.seal;
    fact('fact.covered', t('fact.coveredValue', { covered, total, end1: b - 1, start2: c, end2: c + d - 1 }));
    fact('fact.sealedBy', report.seal.signer ? technical(report.seal.signer) : t('fact.unknown'));
    fact('fact.sealTime', report.seal.signingTime ? technical(report.seal.signingTime) : t('fact.notGiven'));
  }
  fact('fact.timestamp', ...(report.timestamp ? stamp(report.timestamp) : [t('fact.noTimestamp')]));
  if (report.documentTimestamp) fact('fact.documentTimestamp', ...stamp(report.documentTimestamp));
  for (const cert of report.chain)
    fact(
      cert.selfSigned ? 'fact.rootCertificate' : 'fact.certificate',
      ...tNodes('fact.certificateValue', { subject: isolated(cert.subject), date: isolated(cert.validTo) }),
    );
  fact('fact.auditHead', report.auditChainHead ? technical(report.auditChainHead) : t('fact.none'));
  const note = locale === 'en' ? [] : [el('p', { class: 'tech-note' }, t('table.techNote'))];
  result.replaceChildren(verdict, table, ...note, el('h2', {}, t('details.heading')), facts);
}

/** A PDF says so in its first 1024 bytes (ISO 32000 7.5.2); anything else is not worth a report. */
const looksLikePdf = (pdf: Buffer) => pdf.subarray(0, 1024).includes('%PDF-');

/** The trail file as the verifier takes it, or the reader's error (its text and nodes). */
async function readTrail(file: File): Promise<VerifyOptions['trail'] | (Node | string)[]> {
  let trail: unknown;
  try {
    trail = JSON.parse(await file.text());
  } catch {
    return tNodes('error.trailNotJson', { file: isolated(file.name) });
  }
  return Array.isArray((trail as { events?: unknown } | null)?.events)
    ? (trail as VerifyOptions['trail'])
    : tNodes('error.trailShape', {
        file: isolated(file.name),
        endpoint: el('code', { dir: 'ltr' }, TRAIL_ENDPOINT),
      });
}

/** The latest check: an earlier one still reading its files when the reader picks others shows nothing. */
let latest = 0;

async function check(): Promise<void> {
  const run = ++latest;
  const show = (...nodes: Node[]) => {
    if (run === latest) result.replaceChildren(...nodes);
  };
  const file = pdfInput.files?.[0];
  if (!file) return show();
  const name = () => isolated(file.name);
  show(el('p', { class: 'busy' }, ...tNodes('busy', { file: name() })));
  try {
    const pdf = Buffer.from(await file.arrayBuffer());
    if (!looksLikePdf(pdf)) return show(failure(...tNodes('error.notPdf', { file: name() })));
    const trailFile = trailInput.files?.[0];
    const trail = trailFile ? await readTrail(trailFile) : undefined;
    if (Array.isArray(trail)) return show(failure(...trail));
    // The `buffer` package's Buffer: the same methods as Node's, another type.
    const bytes = pdf as unknown as Parameters<typeof verifyPdf>[0];
    const report = verifyPdf(bytes, trail ? { trail } : {});
    if (run === latest) render(file.name, report);
  } catch (err) {
    show(failure(...tNodes('error.failed', { file: name(), message: technical((err as Error).message) })));
  }
}

form.addEventListener('submit', (e) => e.preventDefault());
pdfInput.addEventListener('change', () => void check());
trailInput.addEventListener('change', () => void check());
// The language switcher reloads the page in the chosen language (a link, as the CSP allows no form submission).
const lang = document.querySelector<HTMLSelectElement>('#lang')!;
lang.addEventListener('change', () => location.assign(`?lang=${encodeURIComponent(lang.value)}`));
