import { createHash } from 'node:crypto';
import type { Locale } from '@countersign/schemas';
import { fillParts, TRAIL_ENDPOINT, VERIFY_CATALOGUES, type VerifyKey } from '@countersign/web/verify-i18n';
import { escapeHtml, pageHead } from './html.ts';
import { pageText } from './i18n/index.ts';
import { languageOptions } from './signing-page.ts';
import { type Asset, compressAsset } from './static-files.ts';

/** The tags Vite wrote into the built verify.html (the hashed script and stylesheet): the page's only assets. */
const assetTags = (shell: string) =>
  [...shell.matchAll(/<script\b[^>]*><\/script>|<link\b[^>]*>/g)].map((m) => m[0]).join('\n');

/**
 * The /verify page in `locale`: its markup (the script fills #result), the language switcher (a select the
 * script follows: the page's CSP allows no form submission), and that language's catalogue inlined as JSON
 * for the script, so the bundle carries no words and no other language is sent.
 */
export function renderVerifyPage(locale: Locale, shell: string): string {
  // Catalogue text escaped; placeholders filled with markup.
  const t = (key: VerifyKey, markup: Record<string, string> = {}) =>
    fillParts(VERIFY_CATALOGUES[locale][key], escapeHtml, (name) => markup[name] ?? '').join('');
  return `${pageHead(locale, { title: t('title'), assets: assetTags(shell) })}
<body>
<main class="verify">
  <div class="top">
    <h1>${t('title')}</h1>
    <div class="lang">
      <label for="lang" class="sr-only">${escapeHtml(pageText(locale, 'lang.label'))}</label>
      <select id="lang">${languageOptions(locale)}</select>
    </div>
  </div>
  <p class="lead">${t('lead')} <strong>${t('lead.private')}</strong>${t('lead.privateHow')}</p>
  <noscript><p class="verdict fail">${t('noscript')}</p></noscript>
  <form class="verify-form" id="verify-form">
    <div class="field">
      <label for="pdf">${t('pdf.label')}</label>
      <input id="pdf" name="pdf" type="file" accept="application/pdf,.pdf">
    </div>
    <div class="field">
      <label for="trail">${t('trail.label', { endpoint: `<code dir="ltr">${escapeHtml(TRAIL_ENDPOINT)}</code>` })}</label>
      <input id="trail" name="trail" type="file" accept="application/json,.json">
    </div>
  </form>
  <section id="result" class="result" aria-live="polite" aria-label="${t('result.label')}"></section>
</main>
<script type="application/json" id="messages">${JSON.stringify({
    locale,
    strings: VERIFY_CATALOGUES[locale],
  }).replace(/</g, '\\u003c')}</script>
</body>
</html>`;
}

/** Each language's page as a file, compressed like the build's, made once per build of the shell. */
const rendered = new WeakMap<Asset, Map<Locale, Promise<Asset>>>();
export function verifyPageAsset(shell: Asset, locale: Locale): Promise<Asset> {
  const pages = rendered.get(shell) ?? new Map<Locale, Promise<Asset>>();
  rendered.set(shell, pages);
  let page = pages.get(locale);
  if (!page) {
    const body = Buffer.from(renderVerifyPage(locale, shell.body.toString('utf8')));
    const asset: Asset = { body, type: shell.type, sha256: createHash('sha256').update(body).digest('hex') };
    // Uncompressed when compressing fails (it does not fail the page).
    page = compressAsset(asset).then(
      () => asset,
      () => asset,
    );
    pages.set(locale, page);
  }
  return page;
}
