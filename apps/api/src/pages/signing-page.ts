import { isDomainError, openLink } from '@countersign/core';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { PAGE_ASSETS_BASE, PDFJS_BASE } from './assets.ts';
import { escapeHtml, SIGNING_PAGE_CSP } from './html.ts';
import { isLinkMessageCode, type LinkMessageCode, linkMessages } from './messages.ts';

interface PageInput {
  title: string;
  /** Present when the link leads to signing (or the completed download); the script takes over from here. */
  live?: { token: string; signerName: string; signerEmail: string };
  gone?: LinkMessageCode;
}

function page({ title, live, gone }: PageInput): string {
  const e = escapeHtml;
  const message = gone ? linkMessages[gone] : undefined;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light">
<link rel="icon" href="data:,">
<title>${e(title)} · Countersign</title>
<link rel="stylesheet" href="${PAGE_ASSETS_BASE}signing.css">
${live ? `<script type="module" src="${PAGE_ASSETS_BASE}signing.js"></script>` : ''}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <div class="top-inner">
    <div class="top-text">
      <p class="brand" aria-hidden="true">Countersign</p>
      <h1 id="title">${e(title)}</h1>
      ${live ? `<p class="meta" id="meta">For ${e(live.signerName)} &lt;${e(live.signerEmail)}&gt;</p>` : ''}
    </div>
    ${live ? '<button type="button" id="decline-open" class="btn ghost small" hidden>Decline</button>' : ''}
  </div>
</header>
<main id="main" tabindex="-1"${live ? ` data-token="${e(live.token)}" data-pdfjs="${e(PDFJS_BASE)}"` : ''}>
  <div id="status" class="card ${message ? 'card-stop' : 'card-info'}" role="status" aria-live="polite">
    ${
      message
        ? `<p>${e(message.text)}</p>`
        : '<h2>Loading the document…</h2><noscript><p>Signing needs JavaScript. Turn it on and reload this page.</p></noscript>'
    }
  </div>
  <div id="alert" class="alert" role="alert" hidden></div>
${live ? LIVE_MARKUP : ''}
</main>
${live ? `<script type="application/json" id="messages">${JSON.stringify(linkMessages).replace(/</g, '\\u003c')}</script>` : ''}
</body>
</html>`;
}

/** The parts the script shows and hides; static text only (session strings are set with textContent). */
const LIVE_MARKUP = `
  <section id="gate" class="card" aria-labelledby="gate-title" hidden>
    <h2 id="gate-title">Confirm it’s you</h2>
    <p id="gate-text">To see the document, enter the 6-digit code we email to <strong id="gate-email"></strong>.</p>
    <p id="gate-note" class="note" role="status" aria-live="polite"></p>
    <button type="button" id="send-code" class="btn primary">Email me a code</button>
    <form id="code-form" class="code-form" novalidate hidden>
      <label for="code">6-digit code</label>
      <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}" spellcheck="false" aria-describedby="code-help code-error" required>
      <p id="code-help" class="help">The code is valid for 10 minutes. Check your spam folder if it does not arrive.</p>
      <p id="code-error" class="error" hidden></p>
      <div class="row">
        <button type="submit" class="btn primary" id="verify">Verify</button>
        <button type="button" id="resend" class="btn link">Send a new code</button>
      </div>
    </form>
  </section>

  <div id="bar" class="bar" hidden>
    <div class="bar-inner">
      <div id="editor" class="editor" hidden></div>
      <div class="bar-row">
        <p id="progress" class="progress"></p>
        <div class="bar-actions">
          <button type="button" id="next" class="btn primary">Next field</button>
          <button type="button" id="finish" class="btn primary" hidden>Finish signing</button>
        </div>
      </div>
    </div>
  </div>

  <section id="doc" class="doc" aria-label="Document" hidden></section>

  <dialog id="adopt" aria-labelledby="adopt-title">
    <form method="dialog" id="adopt-form" novalidate>
      <h2 id="adopt-title">Adopt your signature</h2>
      <fieldset class="tabs">
        <legend class="sr-only">How to sign</legend>
        <label><input type="radio" name="kind" value="typed" checked> Type</label>
        <label><input type="radio" name="kind" value="drawn"> Draw</label>
      </fieldset>
      <div id="typed-panel">
        <label for="typed-name">Your full name</label>
        <input id="typed-name" type="text" maxlength="100" autocomplete="name" required>
        <p class="typed-preview" id="typed-preview" aria-hidden="true"></p>
      </div>
      <div id="drawn-panel" hidden>
        <p class="help" id="draw-help">Draw your signature in the box with a finger, pen or mouse.</p>
        <canvas id="pad" class="pad" aria-describedby="draw-help" role="img" aria-label="Signature drawing area"></canvas>
        <button type="button" id="pad-clear" class="btn link">Clear</button>
      </div>
      <label for="initials-input">Your initials</label>
      <input id="initials-input" class="initials-input" type="text" maxlength="10" required>
      <p id="adopt-error" class="error" hidden></p>
      <p class="help consent">By adopting them, you agree that this signature and these initials are the electronic representation of your signature wherever you place them on this document.</p>
      <div class="row end">
        <button type="button" id="adopt-cancel" class="btn ghost">Cancel</button>
        <button type="submit" id="adopt-ok" class="btn primary" value="ok">Adopt</button>
      </div>
    </form>
  </dialog>

  <dialog id="decline" aria-labelledby="decline-title">
    <form method="dialog" id="decline-form" novalidate>
      <h2 id="decline-title">Decline to sign?</h2>
      <p>The signing request will be closed for everyone and the sender will be told.</p>
      <label for="decline-reason">Reason <span class="optional">(optional, shared with the sender)</span></label>
      <textarea id="decline-reason" maxlength="500" rows="3"></textarea>
      <p id="decline-error" class="error" hidden></p>
      <div class="row end">
        <button type="button" id="decline-cancel" class="btn ghost">Go back</button>
        <button type="submit" id="decline-ok" class="btn danger" value="ok">Decline</button>
      </div>
    </form>
  </dialog>
`;

function respond(c: Context<AppEnv>, html: string, status: 200 | 404 | 410): Response {
  c.header('Content-Security-Policy', SIGNING_PAGE_CSP);
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Frame-Options', 'DENY');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
  return c.html(html, status);
}

/**
 * GET /s/:token: the signing page. The server renders what it knows without the script (title, whom the
 * link is for, or why the link no longer works, with 404/410); the script drives the signer API from there.
 * Rendering records nothing: the view is recorded when the script reads the signer API.
 */
export function registerSigningPage(app: OpenAPIHono<AppEnv>): void {
  app.get('/s/:token', (c) => {
    const token = c.req.param('token');
    try {
      const { session, participant } = openLink(c.get('deps').runtime.ctx, token);
      return respond(
        c,
        page({
          title: session.title,
          live: { token, signerName: participant.name, signerEmail: participant.email },
        }),
        200,
      );
    } catch (err) {
      if (!isDomainError(err) || !isLinkMessageCode(err.code)) throw err;
      return respond(
        c,
        page({ title: linkMessages[err.code].heading, gone: err.code }),
        err.code === 'link_not_found' ? 404 : 410,
      );
    }
  });
}
