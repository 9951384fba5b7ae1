import {
  type BrandingRow,
  brandingOf,
  type FirstPage,
  firstPageOf,
  isDomainError,
  logoPath,
  openLink,
  TEST_NOTICE,
} from '@countersign/core';
import {
  DEFAULT_LOCALE,
  isFrameOrigin,
  type Locale,
  localeFromAcceptLanguage,
  localeOf,
  PAGE_IMAGE_SIZES,
  pageImageSrcset,
  pageImageUrl,
} from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { signatureFontUrl } from '../routes/fonts.ts';
import { assetUrl, PDFJS_BASE } from './assets.ts';
import { escapeHtml, pageCsp, pageHead } from './html.ts';
import { PAGE_CATALOGUES, type PageKey, pageText } from './i18n/index.ts';
import { isLinkMessageCode, type LinkMessageCode } from './messages.ts';

interface PageInput {
  locale: Locale;
  title: string;
  /** Present when the link leads to signing (or the completed download); the script takes over from here. */
  live?: { token: string; signerName: string; signerEmail: string };
  /** Page 1 as drawn, shown before the script runs (core firstPageOf): a public link the signer may sign now. */
  firstPage?: FirstPage;
  gone?: LinkMessageCode;
  branding?: BrandingRow;
  /** A test session (docs/test-mode.md): the page says so above everything else. */
  test?: boolean;
}

/** The switcher's choices, each language named in itself (the /verify page has the same list). */
export const languageOptions = (locale: Locale): string =>
  Object.entries(PAGE_CATALOGUES)
    .map(
      ([code, strings]) =>
        `<option value="${code}" lang="${code}"${code === locale ? ' selected' : ''}>${escapeHtml(strings['lang.name'])}</option>`,
    )
    .join('');

/** The language switcher: a plain GET form, so it works before (and without) the script. */
function languageSwitcher(locale: Locale): string {
  return `<form class="lang" method="get" action="">
      <label for="lang" class="sr-only">${escapeHtml(pageText(locale, 'lang.label'))}</label>
      <select id="lang" name="lang">${languageOptions(locale)}</select>
      <noscript><button type="submit" class="btn small ghost">${escapeHtml(pageText(locale, 'lang.apply'))}</button></noscript>
    </form>`;
}

function page({ locale, title, live, gone, branding, test, firstPage }: PageInput): string {
  const e = escapeHtml;
  const t = (key: PageKey, vars?: Record<string, string>) => e(pageText(locale, key, vars));
  const assets = `<link rel="stylesheet" href="${assetUrl('signing.css')}">
${live ? `<script type="module" src="${assetUrl('signing.js')}"></script>` : ''}`;
  return `${pageHead(locale, { title: e(title), assets, noReferrer: true })}
<body>
<a class="skip" href="#main">${t('skip')}</a>
${test ? `<p class="test-banner" role="note" lang="en">${e(TEST_NOTICE)}: this is a test signing request; nothing signed here is binding.</p>` : ''}
<header class="top">
  <div class="top-inner">
    <div class="top-text">
      ${brandLine(branding)}
      <h1 id="title"><bdi>${e(title)}</bdi></h1>
      ${live ? `<p class="meta" id="meta"><noscript>${t('meta.for', { name: '\u2068' + live.signerName + '\u2069', email: '\u2068' + live.signerEmail + '\u2069' })}</noscript></p>` : ''}
    </div>
    <div class="top-actions">
      ${languageSwitcher(locale)}
      ${live ? `<button type="button" id="decline-open" class="btn ghost small" hidden>${t('decline.open')}</button>` : ''}
    </div>
  </div>
</header>
<main id="main" tabindex="-1"${
    live
      ? ` data-token="${e(live.token)}" data-pdfjs="${e(PDFJS_BASE)}" data-signature-font="${e(signatureFontUrl())}"`
      : ''
  }${
    branding?.accentColor ? ` data-accent="${e(branding.accentColor)}"` : ''
  }${branding?.frameOrigins.length ? ` data-frame-origins="${e(branding.frameOrigins.join(' '))}"` : ''}>
  <div id="status" class="card ${gone ? 'card-stop' : 'card-info'}" role="status" aria-live="polite">
    ${
      gone
        ? `<p>${t(`gone.${gone}.text` as PageKey)}</p>`
        : firstPage
          ? // The card the script shows for this state (render.ts), so nothing under it moves when it does.
            `<h2>${t('state.ready')}</h2><p>${t('state.readyText')}</p><noscript><p>${t('noscript')}</p></noscript>`
          : `<h2>${t('loading')}</h2><noscript><p>${t('noscript')}</p></noscript>`
    }
  </div>
  <div id="alert" class="alert" role="alert" hidden></div>
${live ? liveMarkup(t, live && firstPage ? firstPageMarkup(live.token, firstPage) : '') : ''}
</main>
${
  live
    ? `<script type="application/json" id="messages">${JSON.stringify({
        locale,
        strings: PAGE_CATALOGUES[locale],
      }).replace(/</g, '\\u003c')}</script>`
    : ''
}
</body>
</html>`;
}

/**
 * Page 1 as the script will lay it out (document.ts, page-frame.ts), its image fetched with the HTML: on screen
 * before the script has loaded. The script moves this very <img> into its frame (no second fetch, nothing
 * moves). Its size comes from the points (width and height give the ratio before it loads: no inline style
 * under the page's CSP); `elementtiming` lets a benchmark see when it is painted.
 */
function firstPageMarkup(token: string, first: FirstPage): string {
  const e = escapeHtml;
  const base = `/api/signing/${token}/documents/${first.documentId}/pages`;
  const heading = first.documentCount > 1 ? `<h2 class="doc-name">${e(first.filename)}</h2>` : '';
  return `<section class="document" aria-label="${e(first.filename)}">${heading}<div class="page early" dir="ltr"><img id="page1-early" class="page-image" alt="" decoding="async" fetchpriority="high" elementtiming="page1" width="${first.page.width}" height="${first.page.height}" sizes="${e(PAGE_IMAGE_SIZES)}" srcset="${e(pageImageSrcset(base, 1, first.widths))}" src="${e(pageImageUrl(base, 1, first.widths[0]!))}"></div></section>`;
}

/** The account's logo (decorative: the line below names the sender) or our name. */
function brandLine(branding: BrandingRow | undefined): string {
  const logo = branding ? logoPath(branding) : null;
  return logo
    ? `<img class="brand-logo" id="brand-logo" src="${escapeHtml(logo)}" alt="">`
    : '<p class="brand" aria-hidden="true">Countersign</p>';
}

/**
 * A dialog of the signing page, with the ids its script finds it by (`<name>-form`, `-title`, `-error`,
 * `-cancel`, `-ok`): the title, the body, an optional note above the buttons, and Cancel and the submit button.
 */
function dialog(
  name: string,
  parts: {
    title: string;
    body: string;
    note?: string;
    cancel: string;
    ok: string;
    okClass: 'primary' | 'danger';
  },
): string {
  return `  <dialog id="${name}" aria-labelledby="${name}-title">
    <form method="dialog" id="${name}-form" novalidate>
      <h2 id="${name}-title">${parts.title}</h2>
${parts.body}
      <p id="${name}-error" class="error" role="alert" hidden></p>
${parts.note ? `      ${parts.note}\n` : ''}      <div class="row end">
        <button type="button" id="${name}-cancel" class="btn ghost">${parts.cancel}</button>
        <button type="submit" id="${name}-ok" class="btn ${parts.okClass}" value="ok">${parts.ok}</button>
      </div>
    </form>
  </dialog>`;
}

/** The parts the script shows and hides; static text only (session strings are set with textContent). */
const liveMarkup = (t: (key: PageKey) => string, early: string) => `
  <section id="gate" class="card" aria-labelledby="gate-title" hidden>
    <h2 id="gate-title">${t('gate.title')}</h2>
    <p id="gate-text">${t('gate.toSee')}<strong id="gate-email"></strong>.</p>
    <p id="gate-note" class="note" role="status" aria-live="polite"></p>
    <button type="button" id="send-code" class="btn primary">${t('gate.send')}</button>
    <form id="code-form" class="code-form" novalidate hidden>
      <label for="code">${t('gate.codeLabel')}</label>
      <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}" spellcheck="false" aria-describedby="code-help code-error" required dir="ltr">
      <p id="code-help" class="help">${t('gate.codeHelp')}</p>
      <p id="code-error" class="error" hidden></p>
      <div class="row">
        <button type="submit" class="btn primary" id="verify">${t('gate.verify')}</button>
        <button type="button" id="resend" class="btn link">${t('gate.resend')}</button>
      </div>
    </form>
  </section>

  <div id="bar" class="bar" hidden>
    <div class="bar-inner">
      <p id="bar-error" class="bar-error" role="alert" hidden></p>
      <div id="editor" class="editor" hidden></div>
      <div class="bar-row">
        <p class="progress"><span id="progress"></span> <span id="saved" class="saved"></span></p>
        <div class="bar-actions">
          <button type="button" id="next" class="btn ghost">${t('bar.next')}</button>
          <button type="button" id="finish" class="btn primary" hidden>${t('bar.finish')}</button>
        </div>
      </div>
    </div>
  </div>

  <section id="doc" class="doc" aria-label="${t('doc.label')}"${early ? '' : ' hidden'}>${early}</section>

${dialog('adopt', {
  title: t('adopt.title'),
  body: `      <fieldset class="tabs">
        <legend class="sr-only">${t('adopt.how')}</legend>
        <label><input type="radio" name="kind" value="typed" checked> ${t('adopt.type')}</label>
        <label><input type="radio" name="kind" value="drawn"> ${t('adopt.draw')}</label>
      </fieldset>
      <div id="typed-panel">
        <label for="typed-name">${t('adopt.name')}</label>
        <input id="typed-name" type="text" maxlength="100" autocomplete="name" required>
        <p class="typed-preview" id="typed-preview" aria-hidden="true"></p>
      </div>
      <div id="drawn-panel" hidden>
        <p class="help" id="draw-help">${t('adopt.drawHelp')}</p>
        <canvas id="pad" class="pad" aria-describedby="draw-help" role="img" aria-label="${t('adopt.pad')}"></canvas>
        <button type="button" id="pad-clear" class="btn link">${t('adopt.clear')}</button>
      </div>
      <label for="initials-input">${t('adopt.initials')}</label>
      <input id="initials-input" class="initials-input" type="text" maxlength="10" required>`,
  note: `<p class="help consent">${t('adopt.consent')}</p>`,
  cancel: t('adopt.cancel'),
  ok: t('adopt.ok'),
  okClass: 'primary',
})}

${dialog('decline', {
  title: t('decline.title'),
  body: `      <p>${t('decline.text')}</p>
      <label for="decline-reason">${t('decline.reason')} <span class="optional">${t('decline.reasonNote')}</span></label>
      <textarea id="decline-reason" maxlength="500" rows="3"></textarea>`,
  cancel: t('decline.back'),
  ok: t('decline.ok'),
  okClass: 'danger',
})}
`;

function respond(
  c: Context<AppEnv>,
  html: string,
  status: 200 | 404 | 410,
  frameOrigins: readonly string[] = [],
): Response {
  c.header('Content-Security-Policy', pageCsp(frameOrigins));
  c.header('Referrer-Policy', 'no-referrer');
  // frame-ancestors says who may frame the page; X-Frame-Options (one origin at most) only for "nobody".
  if (frameOrigins.length === 0) c.header('X-Frame-Options', 'DENY');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
  c.header('Vary', 'Accept-Language');
  return c.html(html, status);
}

/**
 * The page's language: the switcher's choice (`?lang=`), else the send's `locale`, else the account's default,
 * else the browser's Accept-Language, else English.
 */
export function pageLocale(
  c: Context<AppEnv>,
  chosen: { session?: string | null; account?: string | null } = {},
): Locale {
  return (
    localeOf(c.req.query('lang')) ??
    localeOf(chosen.session) ??
    localeOf(chosen.account) ??
    localeFromAcceptLanguage(c.req.header('accept-language')) ??
    DEFAULT_LOCALE
  );
}

/**
 * GET /s/:token: the signing page. The server renders what it knows without the script (title, whom the
 * link is for, or why the link no longer works, with 404/410); the script drives the signer API from there.
 * Rendering records nothing: the view is recorded when the script reads the signer API.
 */
export function registerSigningPage(app: OpenAPIHono<AppEnv>): void {
  app.get('/s/:token', async (c) => {
    const token = c.req.param('token');
    const { ctx } = c.get('deps').runtime;
    try {
      const { session, participant } = await openLink(ctx, token);
      const stored = await brandingOf(ctx, session.accountId);
      // A value stored before the rule was strict never reaches frame-ancestors or postMessage.
      const branding = { ...stored, frameOrigins: stored.frameOrigins.filter(isFrameOrigin) };
      const options = session.options as { locale?: string | null };
      const firstPage = await firstPageOf(ctx, session, participant);
      const locale = pageLocale(c, { session: options.locale, account: branding.defaultLocale });
      return respond(
        c,
        page({
          locale,
          title: session.title,
          live: { token, signerName: participant.name, signerEmail: participant.email },
          ...(firstPage ? { firstPage } : {}),
          branding,
          test: session.test,
        }),
        200,
        branding.frameOrigins,
      );
    } catch (err) {
      if (!isDomainError(err) || !isLinkMessageCode(err.code)) throw err;
      const locale = pageLocale(c);
      return respond(
        c,
        page({ locale, title: pageText(locale, `gone.${err.code}.heading` as PageKey), gone: err.code }),
        err.code === 'link_not_found' ? 404 : 410,
      );
    }
  });
}
