// The signing page: drives the signer API (/api/signing/<token>) and renders the document with pdf.js.
// Plain ES module, no build step. Strings from the server are only ever set with textContent.

const $ = (id) => document.getElementById(id);
const main = $('main');
const token = main.dataset.token;
const PDFJS = main.dataset.pdfjs;
const API = `/api/signing/${token}`;
// The account's accent colour (checked for contrast by the API); set through the CSSOM, which the CSP allows.
if (main.dataset.accent) document.documentElement.style.setProperty('--brand', main.dataset.accent);
// The typed signature is previewed in the very font the PDF will embed (served by this server).
if (main.dataset.signatureFont && 'FontFace' in window) {
  const face = new FontFace('Countersign Signature', `url(${main.dataset.signatureFont})`, {
    display: 'swap',
  });
  document.fonts.add(face);
  face.load().catch(() => {});
}
const { locale: LOCALE, strings: STRINGS } = JSON.parse($('messages').textContent);

// ---------------------------------------------------------------- words (one catalogue per language, one lookup)

/** The catalogue's text for `key`, `{name}` placeholders filled. */
const t = (key, vars = {}) =>
  (STRINGS[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ''));
const plurals = new Intl.PluralRules(LOCALE);
const numbers = new Intl.NumberFormat(LOCALE);
/** A plural key (`key.one`, `key.other`, ...) for `n`, with `{n}` formatted for the language. */
const tn = (key, n, vars = {}) => {
  const exact = `${key}.${plurals.select(n)}`;
  return t(exact in STRINGS ? exact : `${key}.other`, { ...vars, n: numbers.format(n) });
};
/** User text inside our sentences is isolated, so right-to-left names never reorder what is around them. */
const isolate = (text) => `\u2068${text}\u2069`;

const state = {
  view: null,
  /** fieldId -> value the signer entered (or the prefill they accepted). */
  values: new Map(),
  /** fieldId -> how the PDF will set the value ({ size } in points, { lines }): the server's own layout. */
  fits: new Map(),
  signature: null,
  initials: null,
  /** Signature and initials fields the signer tapped to place what they adopted: each one is its own act. */
  placed: new Set(),
  /** Index into fillOrder() of the selected field. */
  current: null,
  rendered: false,
  busy: false,
};

// ---------------------------------------------------------------- helpers

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

class ApiError extends Error {
  constructor(status, body) {
    const message = body?.message || t('error.status', { status });
    // Server messages are lowercase fragments; on the page they read as sentences.
    super(`${message[0].toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? '' : '.'}`);
    this.status = status;
    this.code = body?.error;
    this.body = body;
  }
}

async function call(method, path = '', body) {
  let res;
  try {
    res = await fetch(API + path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, {
      error: 'network',
      message: t('error.network'),
    });
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

/** The card at the top: one heading and a sentence, announced politely. */
function showStatus(kind, heading, text, ...extra) {
  const box = $('status');
  box.className = `card card-${kind}`;
  box.replaceChildren(el('h2', { text: heading }), text ? el('p', { text }) : null, ...extra);
}

function showAlert(message) {
  const box = $('alert');
  box.textContent = message;
  box.hidden = !message;
}

/** API URLs carry PUBLIC_URL; the page talks to the origin it was served from (same cookie, same CSP). */
const sameOrigin = (url) => new URL(url, location.href).pathname;

function formatDate(iso) {
  return new Date(iso).toLocaleString(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
}

const dayFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });
/** A date field's value is an ISO day (2027-03-01); the page shows it the reader's way. */
const formatDay = (value) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayFormat.format(new Date(`${value}T00:00:00Z`)) : value;

function initialsOf(name) {
  const letters = name
    .split(/[\s-]+/u)
    .map((w) => [...w.replace(/[^\p{L}\p{N}]/gu, '')][0])
    .filter(Boolean)
    .slice(0, 3)
    .join('')
    .toLocaleUpperCase();
  return letters || [...name.trim()][0] || '';
}

/** The link is over (cancelled, expired, declined, revoked...): say why and show nothing else. */
function showGone(code, fallback) {
  for (const id of ['gate', 'doc', 'bar', 'decline-open']) $(id).hidden = true;
  $('status').hidden = false;
  const known = `gone.${code}.heading` in STRINGS;
  showStatus(
    'stop',
    known ? t(`gone.${code}.heading`) : t('state.error'),
    known ? t(`gone.${code}.text`) : fallback,
  );
  embed('error', { code: code ?? 'error' });
  $('status').querySelector('h2').setAttribute('tabindex', '-1');
  $('status').querySelector('h2').focus();
}

function handleError(err, where) {
  if (err instanceof ApiError && (err.status === 410 || err.code === 'link_not_found'))
    return showGone(err.code, err.message);
  if (err instanceof ApiError && err.code === 'verification_required') return load();
  if (where) {
    where.textContent = err.message;
    where.hidden = false;
    where.scrollIntoView?.({ block: 'nearest' });
  } else if (!$('bar').hidden) showBarError(err.message);
  else showAlert(err.message);
  embed('error', { code: err.code ?? 'error', message: err.message });
}

/**
 * Re-enables a button after a request. Disabling a focused button lets the browser move focus to <body>
 * (when that happens depends on frame timing), so a keyboard user would be thrown to the top: give it back.
 */
function enable(button) {
  const lost = !document.activeElement || document.activeElement === document.body;
  button.disabled = false;
  if (lost && button.offsetParent) button.focus();
}

/** Errors while signing go where the signer is looking: the bar at the bottom, announced (role=alert). */
function showBarError(message) {
  const box = $('bar-error');
  box.textContent = message;
  box.hidden = !message;
  if (message) box.scrollIntoView({ block: 'nearest' });
}

// ---------------------------------------------------------------- embedding

/**
 * Inside a frame, the page tells its parent what happens, to the origins the account allows and no other:
 * postMessage only delivers to a parent whose origin matches the target.
 */
const FRAME_ORIGINS = (main.dataset.frameOrigins || '').split(' ').filter(Boolean);
function embed(type, detail = {}) {
  if (window.parent === window) return;
  for (const origin of FRAME_ORIGINS)
    window.parent.postMessage({ source: 'countersign', type, ...detail }, origin);
}

// ---------------------------------------------------------------- loading and states

async function load() {
  try {
    state.view = await call('GET');
  } catch (err) {
    return handleError(err);
  }
  render();
}

function render() {
  const v = state.view;
  showAlert('');
  $('meta').textContent = t('meta.fromFor', {
    sender: isolate(v.senderName),
    name: isolate(v.participant.name),
  });
  $('gate').hidden = true;
  $('status').hidden = false;
  $('bar').hidden = true;
  // Declining is open to any signer who has not signed, their turn or not (once verified).
  $('decline-open').hidden = !(
    v.status === 'active' &&
    v.participant.status !== 'signed' &&
    (!v.auth.required || v.auth.verified)
  );
  document.body.classList.remove('with-bar');

  if (v.auth.required && !v.auth.verified) return renderGate();
  if (v.status === 'completed') return renderCompleted();
  if (v.participant.status === 'signed') {
    showStatus('done', t('state.signed'), t('state.signedText'));
    return renderDocument();
  }
  if (!v.yourTurn) {
    const names = v.waitingFor.map((w) => isolate(w.name)).join(', ');
    showStatus('wait', t('state.wait'), t('state.waitText', { names: names || t('state.anotherSigner') }));
    return renderDocument();
  }
  showStatus('info', v.auth.verified ? t('state.verified') : t('state.ready'), t('state.readyText'));
  initValues();
  renderDocument();
  renderBar();
}

function renderGate() {
  const v = state.view;
  // The gate is the whole state here: the status card steps aside and the gate speaks for itself.
  $('status').hidden = true;
  $('gate').hidden = false;
  $('doc').hidden = true;
  $('gate-email').textContent = v.participant.email;
  $('gate-text').firstChild.textContent = v.status === 'completed' ? t('gate.toDownload') : t('gate.toSee');
  if (v.auth.locked) {
    gateNote(t('gate.locked', { time: formatDate(v.auth.lockedUntil) }), true);
    $('send-code').disabled = true;
  }
}

function gateNote(text, stop = false) {
  const note = $('gate-note');
  note.textContent = text;
  note.classList.toggle('stop', stop);
}

/** "in 25 seconds", "in 12 minutes": the language's own words for a wait. */
const relativeTime = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
const inTime = (seconds) =>
  seconds < 90
    ? relativeTime.format(seconds, 'second')
    : relativeTime.format(Math.ceil(seconds / 60), 'minute');

/** The code box with a note above it; the code is typed there whether it was sent now or a moment ago. */
function showCodeForm(note) {
  $('send-code').hidden = true;
  $('code-form').hidden = false;
  gateNote(note);
  $('code').focus();
}

async function requestCode() {
  const button = $('code-form').hidden ? $('send-code') : $('resend');
  button.disabled = true;
  $('code-error').hidden = true;
  // Seconds until the server sends another code; the button waits as long.
  let wait = 0;
  try {
    const sent = await call('POST', '/code');
    $('code').value = '';
    showCodeForm(t('gate.sent'));
    wait = Math.max(0, Math.ceil((Date.parse(sent.resendAfter) - Date.now()) / 1000));
  } catch (err) {
    if (err instanceof ApiError && (err.status === 410 || err.code === 'link_not_found'))
      return handleError(err);
    if (err instanceof ApiError && err.code === 'rate_limited') {
      // A code went out moments ago (before a reload, say): it still works, so the box stays to type it in.
      wait = err.body?.retryAfterSeconds ?? 30;
      showCodeForm(t('gate.cooldown', { when: inTime(wait) }));
    } else gateNote(err.message, true);
  } finally {
    if ($('code-form').hidden) button.disabled = false;
    else {
      $('resend').disabled = wait > 0;
      setTimeout(() => {
        $('resend').disabled = false;
      }, wait * 1000);
    }
  }
}

async function verifyCode(event) {
  event.preventDefault();
  const input = $('code');
  const code = input.value.replace(/\D/g, '');
  const error = $('code-error');
  if (code.length !== 6) {
    error.textContent = t('gate.sixDigits');
    error.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    return;
  }
  $('verify').disabled = true;
  try {
    await call('POST', '/code/verify', { code });
    input.removeAttribute('aria-invalid');
    error.hidden = true;
    await load();
    $('main').focus();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'code_locked') {
      error.hidden = true;
      return load();
    }
    input.setAttribute('aria-invalid', 'true');
    handleError(err, error);
    input.select();
  } finally {
    $('verify').disabled = false;
  }
}

async function renderCompleted() {
  const v = state.view;
  $('doc').hidden = true;
  if (!v.download?.ready) {
    showStatus('done', t('state.preparing'), t('state.preparingText'));
    return pollUntilReady();
  }
  const list = el('ul', { class: 'downloads' });
  for (const d of v.documents) {
    const name = t('state.signedFile', { name: d.filename.replace(/\.pdf$/i, '') });
    list.append(
      el(
        'li',
        {},
        el('a', {
          class: 'btn primary',
          href: sameOrigin(d.url),
          download: name,
          text: t('state.download', { file: name }),
        }),
      ),
    );
  }
  showStatus(
    'done',
    t('state.completed'),
    t('state.completedText', { time: formatDate(v.download.availableUntil) }),
    list,
  );
  embed('completed');
}

/**
 * The last signature hands the session to the completion job, which may not have marked it completed when the
 * page reloads: follow the view until it has (later views record nothing), then show the download.
 */
async function pollUntilCompleted() {
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, i < 10 ? 1500 : 5000));
    let view;
    try {
      view = await call('GET');
    } catch (err) {
      return handleError(err);
    }
    if (view.status === 'completed') {
      state.view = view;
      return render();
    }
  }
}

/** The completion job seals the PDF; ask the document (not the view, which would record a visit) until it is there. */
async function pollUntilReady() {
  const first = state.view.documents[0];
  for (let i = 0; i < 60 && first; i++) {
    await new Promise((r) => setTimeout(r, i < 10 ? 1500 : 5000));
    const res = await fetch(sameOrigin(first.url), { method: 'HEAD', credentials: 'same-origin' }).catch(
      () => null,
    );
    if (res?.ok) {
      state.view.download.ready = true;
      return renderCompleted();
    }
    if (res && res.status !== 409) return load();
  }
}

// ---------------------------------------------------------------- fields

const myFields = () => state.view.fields.filter((f) => f.mine);
const isAdopted = (f) => f.type === 'signature' || f.type === 'initials';
const isFillable = (f) => f.mine && !f.readOnly;

/**
 * The signer's fields in reading order (document, page, top, left): what "Next field" walks through, optional
 * and date fields included (automatic ones are filled for them, so there is nothing to visit).
 */
function fillOrder() {
  const docIndex = new Map(state.view.documents.map((d, i) => [d.id, i]));
  return myFields()
    .filter((f) => !f.automatic && (isFillable(f) || (isAdopted(f) && state.view.yourTurn)))
    .sort(
      (a, b) =>
        docIndex.get(a.documentId) - docIndex.get(b.documentId) ||
        a.page - b.page ||
        a.rect.y - b.rect.y ||
        a.rect.x - b.rect.x,
    );
}

/** Prefill, then the signer's saved draft; name and email start as theirs. Dates never start as "today". */
function initValues() {
  const v = state.view;
  state.values.clear();
  state.placed.clear();
  const defaults = { name: v.participant.name, email: v.participant.email };
  for (const f of v.fields) {
    if (!isFillable(f) || isAdopted(f)) continue;
    state.values.set(f.id, f.value ?? defaults[f.type] ?? (f.type === 'checkbox' ? 'false' : ''));
  }
  const draft = v.draft;
  if (!draft) return;
  for (const { fieldId, value } of draft.values)
    if (state.values.has(fieldId)) state.values.set(fieldId, value);
  state.signature = draft.signature;
  state.initials = draft.initials;
  for (const id of draft.initialed) state.placed.add(id);
}

const adoptedFor = (f) => (f.type === 'signature' ? state.signature : state.initials);

function isFilled(f) {
  if (isAdopted(f)) return state.placed.has(f.id) && adoptedFor(f) !== null;
  const value = state.values.get(f.id) ?? '';
  return f.type === 'checkbox' ? value === 'true' : value.trim() !== '';
}

const missing = () => fillOrder().filter((f) => f.required && !isFilled(f));

const kindOf = (f) => t(`field.${f.type}`);

/** What a screen reader adds after the visible text of a field button: kind, page and state. */
function describe(f) {
  const status = isFilled(f) ? t('field.done') : f.required ? t('field.required') : t('field.optional');
  return t('field.describe', { kind: kindOf(f), page: numbers.format(f.page), status });
}

// ---------------------------------------------------------------- document

async function loadPdfjs() {
  const pdfjs = await import(`${PDFJS}pdf.min.mjs`);
  pdfjs.GlobalWorkerOptions.workerSrc = `${PDFJS}pdf.worker.min.mjs`;
  return pdfjs;
}

/**
 * Page 1 first: it is laid out and drawn as soon as pdf.js has it; the other pages get their frames (sized
 * like page 1 until their own size is known) and are drawn when they come near the screen.
 */
async function renderDocument() {
  const doc = $('doc');
  doc.hidden = false;
  if (state.rendered) return refreshOverlays();
  state.rendered = true;
  doc.replaceChildren(el('p', { class: 'loading', text: t('loading') }));
  let pdfjs;
  try {
    pdfjs = await loadPdfjs();
  } catch {
    doc.replaceChildren(el('p', { class: 'error', text: t('doc.viewerFailed') }));
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        entry.target.draw?.();
      }
    },
    { rootMargin: '600px 0px' },
  );
  let first = true;
  const many = state.view.documents.length > 1;
  for (const d of state.view.documents) {
    const section = el('section', { class: 'document', 'aria-label': d.filename });
    if (many) section.append(el('h2', { class: 'doc-name', text: d.filename }));
    if (first) doc.replaceChildren(section);
    else doc.append(section);
    first = false;
    let pdf;
    let page1;
    try {
      pdf = await pdfjs.getDocument({
        url: sameOrigin(d.url),
        isEvalSupported: false,
        standardFontDataUrl: `${PDFJS}standard_fonts/`,
        cMapUrl: `${PDFJS}cmaps/`,
        iccUrl: `${PDFJS}iccs/`,
        wasmUrl: `${PDFJS}wasm/`,
      }).promise;
      page1 = await pdf.getPage(1);
    } catch {
      section.append(el('p', { class: 'error', text: t('doc.fileFailed', { file: d.filename }) }));
      continue;
    }
    const guess = page1.getViewport({ scale: 1 });
    for (let n = 1; n <= pdf.numPages; n++) {
      const wrap = pageFrame(d, pdf, n, n === 1 ? page1 : null, guess);
      section.append(wrap);
      // The mark lets a benchmark (bench/) time the first page on screen.
      if (n === 1) wrap.draw().then(() => performance.mark('countersign:page1'));
      else observer.observe(wrap);
    }
    refreshOverlays();
  }
  refreshOverlays();
  if (state.view.yourTurn) checkAll();
  embed('ready');
}

/** One page's frame: its canvas and the fields on it, positioned in percent of the page's own size. */
function pageFrame(d, pdf, n, known, guess) {
  const wrap = el('div', {
    class: 'page',
    // A PDF page lays itself out: canvas text must not inherit a right-to-left page direction.
    dir: 'ltr',
    role: 'group',
    'aria-label': t('doc.page', {
      file: d.filename,
      n: numbers.format(n),
      total: numbers.format(pdf.numPages),
    }),
  });
  const canvas = el('canvas', { 'aria-hidden': 'true' });
  wrap.append(canvas);
  const fields = state.view.fields.filter((x) => x.documentId === d.id && x.page === n);
  const nodes = fields.map((f) => overlay(f));
  wrap.append(...nodes);
  const size = (viewport) => {
    wrap.style.aspectRatio = `${viewport.width} / ${viewport.height}`;
    for (const [i, f] of fields.entries()) place(nodes[i], f, viewport);
  };
  size(known ? known.getViewport({ scale: 1 }) : guess);
  let page = known;
  wrap.draw = async () => {
    if (!page) {
      page = await pdf.getPage(n);
      size(page.getViewport({ scale: 1 }));
    }
    const base = page.getViewport({ scale: 1 });
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const viewport = page.getViewport({ scale: (wrap.clientWidth / base.width) * ratio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport }).promise.catch(() => {});
  };
  return wrap;
}

/** A field drawn over the page (percentages, so it follows the page's width). */
function overlay(f) {
  const interactive = isFillable(f) || (f.mine && isAdopted(f) && state.view.yourTurn && !f.automatic);
  const node = el(interactive ? 'button' : 'div', {
    class: `field field-${f.type} ${f.mine ? 'mine' : 'other'}${f.required ? ' required' : ''}`,
    type: interactive ? 'button' : null,
    'data-field': f.id,
    'aria-hidden': interactive ? null : 'true',
  });
  if (interactive) node.addEventListener('click', () => tapField(f));
  return node;
}

function place(node, f, base) {
  node.style.left = `${(f.rect.x / base.width) * 100}%`;
  node.style.top = `${(f.rect.y / base.height) * 100}%`;
  node.style.width = `${(f.rect.width / base.width) * 100}%`;
  node.style.height = `${(f.rect.height / base.height) * 100}%`;
  node.dataset.pageWidth = String(base.width);
  sizeText(node, f);
}

/**
 * Text sized relative to the page width (the page is a size container): at the size and in the lines the
 * PDF will use once the server has laid the value out (docs/signing-text.md), so what is seen is what gets
 * stamped and nothing is cut; before that, sized to the box.
 */
function sizeText(node, f) {
  const fit = state.fits.get(f.id);
  node.classList.toggle('fitted', !!fit);
  const points = fit ? fit.size : Math.min(f.rect.height * 0.62, 14) * Number(node.dataset.shrink || 1);
  if (node.dataset.pageWidth) node.style.fontSize = `${points * (100 / Number(node.dataset.pageWidth))}cqw`;
}

function refreshOverlays() {
  const byId = new Map(state.view.fields.map((f) => [f.id, f]));
  const current = state.current === null ? null : fillOrder()[state.current];
  const painted = [];
  for (const node of document.querySelectorAll('.field')) {
    const f = byId.get(node.dataset.field);
    if (!f) continue;
    paintField(node, f, current?.id === f.id, false);
    painted.push([node, f]);
  }
  shrinkToFit(painted);
  updateProgress();
}

/**
 * A field's content: visible text, then (for buttons) what a screen reader adds, so the accessible name starts
 * with what is seen (WCAG 2.5.3, axe `label-content-name-mismatch`).
 */
function paintField(node, f, current = node.classList.contains('current'), shrink = true) {
  const signed = !!f.adopted || (f.automatic && f.value !== null);
  const filled = signed || (f.mine && (isFillable(f) || isAdopted(f)) && isFilled(f));
  node.classList.toggle('filled', filled);
  node.classList.toggle('signed', signed);
  node.classList.toggle('current', current);
  sizeText(node, f);
  const parts = [fieldContent(f)];
  if (node.tagName === 'BUTTON') parts.push(el('span', { class: 'sr-only', text: ` ${describe(f)}` }));
  node.replaceChildren(...parts);
  if (shrink) shrinkToFit([[node, f]]);
}

const overflows = (node) => node.clientWidth > 0 && node.scrollWidth > node.clientWidth + 1;

/**
 * What the server has not laid out for this signer (a date or name the service adds, another signer's
 * value, a hint) shrinks to half its size, then wraps, as the PDF does: nothing on the page is cut.
 * Writes and reads are batched, so a document with many fields costs three layouts, not one per field.
 */
function shrinkToFit(painted) {
  const mine = painted.filter(([, f]) => !state.fits.has(f.id));
  for (const [node, f] of mine) {
    delete node.dataset.shrink;
    node.classList.remove('wrapped');
    sizeText(node, f);
  }
  const over = mine
    .filter(([node]) => overflows(node))
    .map(([node, f]) => [node, f, Math.max((node.clientWidth / node.scrollWidth) * 0.95, 0.5)]);
  for (const [node, f, factor] of over) {
    node.dataset.shrink = String(factor);
    sizeText(node, f);
  }
  for (const [node] of over) node.classList.toggle('wrapped', overflows(node));
}

function fieldContent(f) {
  if (f.adopted) return adoptedMark(f.adopted);
  if (isAdopted(f)) {
    if (f.mine && state.view.yourTurn && isFilled(f)) return adoptedMark(adoptedFor(f));
    const hint =
      f.mine && state.view.yourTurn ? t(f.type === 'signature' ? 'field.sign' : 'field.initial') : '';
    return el('span', { class: 'hint', text: hint });
  }
  if (f.automatic) {
    if (f.value !== null) {
      const shown = f.type === 'date' ? formatDay(f.value) : f.value;
      return el(
        'span',
        { class: 'value auto' },
        el('span', { text: shown }),
        el('span', { class: 'auto-note', text: t('field.autoDone') }),
      );
    }
    return el('span', { class: 'hint auto', text: f.mine ? t('field.auto') : '' });
  }
  const value = f.mine && state.values.has(f.id) ? state.values.get(f.id) : (f.value ?? '');
  if (f.type === 'checkbox') return el('span', { class: 'check', text: value === 'true' ? '✓' : '' });
  const shown = f.type === 'date' ? formatDay(value) : value;
  return el('span', {
    class: 'value',
    dir: 'auto',
    text: shown || (f.mine && !f.readOnly ? f.label || kindOf(f) : ''),
  });
}

function adoptedMark(adopted) {
  if (adopted.kind === 'drawn') return el('img', { src: adopted.value, alt: '' });
  return el('span', { class: 'script', dir: 'auto', text: adopted.value });
}

// ---------------------------------------------------------------- the bar: progress, editor, next, finish

function renderBar() {
  $('bar').hidden = false;
  document.body.classList.add('with-bar');
  updateProgress();
}

function updateProgress() {
  if (!state.view?.yourTurn || state.view.participant.status === 'signed') return;
  const left = missing().length;
  $('progress').textContent = left === 0 ? t('bar.allDone') : tn('bar.left', left);
  const order = fillOrder();
  const atEnd = state.current !== null && state.current >= order.length - 1;
  // "Next field" while there is a field to visit; "Finish signing" as soon as nothing required is empty.
  $('next').hidden = order.length === 0 || (left === 0 && atEnd);
  $('next').className = `btn ${left === 0 ? 'ghost' : 'primary'}`;
  $('finish').hidden = left > 0;
}

/** A tap (or click) on a field: adopted fields are placed by it; others open their editor. */
function tapField(f) {
  const index = fillOrder().findIndex((x) => x.id === f.id);
  if (isAdopted(f) && adoptedFor(f) && !state.placed.has(f.id)) {
    state.current = index;
    return placeField(f);
  }
  select(index);
}

/** Makes field `index` of fillOrder() the current one: scrolls to it and puts its control in the bar. */
function select(index) {
  const order = fillOrder();
  const f = order[index];
  if (!f) return;
  state.current = index;
  showBarError('');
  refreshOverlays();
  const node = document.querySelector(`.field[data-field="${CSS.escape(f.id)}"]`);
  node?.scrollIntoView({
    block: 'center',
    behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
  });
  if (isAdopted(f) && !adoptedFor(f)) return openAdopt(f);
  showEditor(f);
}

function placeField(f) {
  state.placed.add(f.id);
  refreshOverlays();
  showEditor(f);
  saveSoon();
  $('editor-remove')?.focus({ preventScroll: true });
}

function showEditor(f) {
  const editor = $('editor');
  editor.hidden = false;
  const order = fillOrder();
  const position = el('p', {
    class: 'editor-pos',
    text: t('bar.position', {
      n: numbers.format(order.findIndex((x) => x.id === f.id) + 1),
      total: numbers.format(order.length),
    }),
  });
  const label = f.label || kindOf(f);
  const labelText = t(f.required ? 'field.labelRequired' : 'field.labelOptional', { label });
  let control;
  if (isAdopted(f)) {
    const placed = state.placed.has(f.id);
    const mine = f.type === 'signature' ? t('field.yourSignature') : t('field.yourInitials');
    control = el(
      'div',
      { class: 'editor-adopted' },
      el('span', { class: 'editor-label', text: labelText }),
      el('span', { class: 'preview', title: mine }, adoptedMark(adoptedFor(f))),
      placed
        ? el('button', { type: 'button', class: 'btn link', id: 'editor-remove', text: t('field.remove') })
        : el('button', {
            type: 'button',
            class: 'btn primary',
            id: 'editor-place',
            text: t(f.type === 'signature' ? 'field.signHere' : 'field.initialHere'),
          }),
      el('button', { type: 'button', class: 'btn link', id: 'editor-change', text: t('field.change') }),
    );
    control.querySelector('#editor-change').addEventListener('click', () => openAdopt(null));
    control.querySelector('#editor-place')?.addEventListener('click', () => placeField(f));
    control.querySelector('#editor-remove')?.addEventListener('click', () => {
      state.placed.delete(f.id);
      refreshOverlays();
      showEditor(f);
      saveSoon();
      $('editor-place').focus({ preventScroll: true });
    });
  } else if (f.type === 'checkbox') {
    const input = el('input', { type: 'checkbox', id: 'editor-input' });
    input.checked = state.values.get(f.id) === 'true';
    input.addEventListener('change', () => setValue(f, input.checked ? 'true' : 'false'));
    control = el(
      'div',
      { class: 'editor-check' },
      input,
      el('label', { for: 'editor-input', text: labelText }),
    );
  } else {
    const type = { email: 'email', date: 'date' }[f.type] ?? 'text';
    const input = el('input', {
      type,
      id: 'editor-input',
      maxlength: 1000,
      autocomplete: { name: 'name', email: 'email' }[f.type] ?? 'off',
      'aria-required': f.required ? 'true' : null,
      dir: 'auto',
    });
    input.value = state.values.get(f.id) ?? '';
    input.addEventListener('input', () => setValue(f, input.value));
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        next();
      }
    });
    control = el(
      'div',
      { class: 'editor-text' },
      el('label', { for: 'editor-input', class: 'editor-label', text: labelText }),
      input,
    );
  }
  editor.replaceChildren(position, control);
  const focusable = editor.querySelector('input, #editor-place, #editor-remove, button');
  focusable?.focus({ preventScroll: true });
}

let checkTimer = null;

/**
 * While the signer types, the server runs the layout the PDF will use (docs/signing-text.md): a value that
 * cannot be stamped (too long for its box, characters no font has) is said in the bar at once.
 */
function checkSoon(f, value) {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    let result;
    try {
      result = await call('POST', '/text-check', { values: [{ fieldId: f.id, value }] });
    } catch {
      return; // Saving and finishing report connection problems; a check is only advice.
    }
    if (state.values.get(f.id) !== value) return;
    const fit = result.fields.find((r) => r.fieldId === f.id);
    applyFit(f, fit);
    const problem = fit?.ok === false ? fit.problem : undefined;
    const input = $('editor-input');
    if (input) input.setAttribute('aria-invalid', problem ? 'true' : 'false');
    showBarError(problem ? problem.message : '');
  }, 300);
}

/** Records how the server will set a value and redraws its field at that size. */
function applyFit(f, fit) {
  if (fit?.ok) state.fits.set(f.id, { size: fit.size, lines: fit.lines });
  else state.fits.delete(f.id);
  const node = document.querySelector(`.field[data-field="${CSS.escape(f.id)}"]`);
  if (node) paintField(node, f);
}

/** After a reload (a draft, prefilled values), every value the signer has is laid out once. */
async function checkAll() {
  const sent = fillOrder()
    .filter((f) => f.type !== 'checkbox' && !isAdopted(f) && state.values.get(f.id)?.trim())
    .map((f) => ({ fieldId: f.id, value: state.values.get(f.id) }));
  if (sent.length === 0) return;
  let result;
  try {
    result = await call('POST', '/text-check', { values: sent });
  } catch {
    return;
  }
  const byId = new Map(fillOrder().map((f) => [f.id, f]));
  const asSent = new Map(sent.map((v) => [v.fieldId, v.value]));
  for (const fit of result.fields) {
    const f = byId.get(fit.fieldId);
    if (f && state.values.get(f.id) === asSent.get(f.id)) applyFit(f, fit);
  }
}

function setValue(f, value) {
  state.values.set(f.id, value);
  if (f.type !== 'checkbox' && value) checkSoon(f, value);
  const node = document.querySelector(`.field[data-field="${CSS.escape(f.id)}"]`);
  if (node) paintField(node, f);
  updateProgress();
  saveSoon();
}

/** The next field in reading order; after the last one, the first required one still empty, else Finish. */
function next() {
  const order = fillOrder();
  if (order.length === 0) return finishFocus();
  const empty = order.findIndex((f) => f.required && !isFilled(f));
  // The first press (after a reload, say) goes where work is left; later ones walk every field in turn.
  if (state.current === null) return select(Math.max(empty, 0));
  if (state.current + 1 < order.length) return select(state.current + 1);
  if (empty >= 0) return select(empty);
  finishFocus();
}

function finishFocus() {
  updateProgress();
  $('finish').focus();
}

// ---------------------------------------------------------------- saving as the signer goes

let saveTimer = null;
let saving = Promise.resolve();

/** Saves the draft shortly after the last change (one request per pause, never two at once). */
function saveSoon() {
  clearTimeout(saveTimer);
  $('saved').textContent = '';
  saveTimer = setTimeout(() => {
    saving = saving.then(saveDraft);
  }, 500);
}

async function saveDraft() {
  if (!state.view?.yourTurn || state.busy) return;
  const mine = new Set(fillOrder().map((f) => f.id));
  try {
    await call('PUT', '/draft', {
      values: [...state.values].map(([fieldId, value]) => ({ fieldId, value })),
      signature: state.signature,
      initials: state.initials,
      initialed: [...state.placed].filter((id) => mine.has(id)),
    });
    $('saved').textContent = t('bar.saved');
  } catch (err) {
    if (err instanceof ApiError && (err.status === 410 || err.status === 409)) return handleError(err);
    showBarError(t('bar.saveFailed', { reason: err.message }));
  }
}

async function finish() {
  if (state.busy) return;
  showBarError('');
  const left = missing();
  if (left.length) {
    showBarError(tn('bar.stillEmpty', left.length));
    return select(fillOrder().findIndex((f) => f.id === left[0].id));
  }
  if (!state.signature) return openAdopt(null);
  clearTimeout(saveTimer);
  state.busy = true;
  const button = $('finish');
  button.disabled = true;
  button.textContent = t('bar.signing');
  const values = [...state.values].map(([fieldId, value]) => ({ fieldId, value }));
  const mine = new Set(fillOrder().map((f) => f.id));
  try {
    const result = await call('POST', '/sign', {
      values,
      signature: state.signature,
      initials: state.initials ?? undefined,
      placed: [...state.placed].filter((id) => mine.has(id)),
    });
    $('bar').hidden = true;
    $('decline-open').hidden = true;
    $('editor').hidden = true;
    document.body.classList.remove('with-bar');
    state.current = null;
    embed('signed', { sessionCompleted: result.sessionCompleted });
    await load();
    const finishing = result.sessionCompleted && state.view.status !== 'completed';
    if (finishing) showStatus('done', t('state.lastSigned'), t('state.preparingText'));
    $('status').scrollIntoView({ block: 'start' });
    $('status').querySelector('h2')?.setAttribute('tabindex', '-1');
    $('status').querySelector('h2')?.focus();
    if (finishing) pollUntilCompleted();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'fields_missing' && err.body?.fieldIds?.length) {
      const i = fillOrder().findIndex((f) => f.id === err.body.fieldIds[0]);
      if (i >= 0) select(i);
    }
    handleError(err);
  } finally {
    state.busy = false;
    button.textContent = t('bar.finish');
    enable(button);
  }
}

// ---------------------------------------------------------------- adopting a signature

const pad = { drawing: false, strokes: 0, ctx: null };

/** The field that asked for the adoption: adopting from it is the tap that places it. */
let adoptingFor = null;

function openAdopt(field) {
  adoptingFor = field;
  const dialog = $('adopt');
  const name = state.view.participant.name;
  $('typed-name').value = state.signature?.kind === 'typed' ? state.signature.value : name;
  $('initials-input').value = state.initials?.value ?? initialsOf(name);
  $('adopt-error').hidden = true;
  updatePreview();
  dialog.showModal();
  sizePad();
}

function sizePad() {
  const canvas = $('pad');
  if (canvas.offsetParent === null) return;
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  canvas.width = Math.floor(canvas.clientWidth * ratio);
  canvas.height = Math.floor(canvas.clientHeight * ratio);
  pad.ctx = canvas.getContext('2d');
  pad.ctx.scale(ratio, ratio);
  pad.ctx.lineWidth = 2.5;
  pad.ctx.lineCap = 'round';
  pad.ctx.lineJoin = 'round';
  pad.ctx.strokeStyle = '#0b1f66';
  pad.strokes = 0;
}

function padPoint(e) {
  const r = $('pad').getBoundingClientRect();
  return [e.clientX - r.left, e.clientY - r.top];
}

function setupPad() {
  const canvas = $('pad');
  canvas.addEventListener('pointerdown', (e) => {
    if (!pad.ctx) sizePad();
    canvas.setPointerCapture(e.pointerId);
    pad.drawing = true;
    const [x, y] = padPoint(e);
    pad.ctx.beginPath();
    pad.ctx.moveTo(x, y);
    pad.ctx.lineTo(x + 0.1, y + 0.1);
    pad.ctx.stroke();
    e.preventDefault();
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!pad.drawing) return;
    const [x, y] = padPoint(e);
    pad.ctx.lineTo(x, y);
    pad.ctx.stroke();
  });
  const end = () => {
    if (pad.drawing) pad.strokes++;
    pad.drawing = false;
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  $('pad-clear').addEventListener('click', () => {
    pad.ctx?.clearRect(0, 0, canvas.width, canvas.height);
    pad.strokes = 0;
  });
}

const adoptKind = () => document.querySelector('#adopt-form input[name="kind"]:checked').value;

function updatePreview() {
  $('typed-preview').textContent = $('typed-name').value;
  const drawn = adoptKind() === 'drawn';
  $('typed-panel').hidden = drawn;
  $('drawn-panel').hidden = !drawn;
  if (drawn) sizePad();
}

/**
 * A typed signature or initials that cannot be stamped in one of the signer's boxes (a character no font
 * has, or too long for a tiny box) is said in the dialog, where it can be changed, not at Finish.
 */
async function adoptProblem(signature, initials) {
  let result;
  try {
    const body = { initials, ...(signature.kind === 'typed' ? { signature } : {}) };
    result = await call('POST', '/text-check', body);
  } catch {
    return null; // Only advice: the sign call runs the same check.
  }
  const bad = result.fields.find((r) => !r.ok);
  if (!bad) return null;
  const field = fillOrder().find((f) => f.id === bad.fieldId);
  const [input, label] =
    field?.type === 'initials' ? ['initials-input', 'adopt.initials'] : ['typed-name', 'adopt.name'];
  return { message: `${t(label)}: ${bad.problem.message}`, input };
}

async function adopt(event) {
  event.preventDefault();
  const error = $('adopt-error');
  const fail = (message, focus) => {
    error.textContent = message;
    error.hidden = false;
    focus?.focus();
  };
  let signature;
  if (adoptKind() === 'drawn') {
    if (pad.strokes === 0) return fail(t('adopt.drawFirst'), $('pad-clear'));
    signature = { kind: 'drawn', value: $('pad').toDataURL('image/png') };
  } else {
    const typed = $('typed-name').value.trim();
    if (!typed) return fail(t('adopt.typeName'), $('typed-name'));
    signature = { kind: 'typed', value: typed };
  }
  const initials = $('initials-input').value.trim();
  if (!initials) return fail(t('adopt.typeInitials'), $('initials-input'));
  const typedInitials = { kind: 'typed', value: initials };
  $('adopt-ok').disabled = true;
  const problem = await adoptProblem(signature, typedInitials);
  enable($('adopt-ok'));
  if (problem) return fail(problem.message, $(problem.input));
  state.signature = signature;
  state.initials = typedInitials;
  $('adopt').close();
  showBarError('');
  $('saved').textContent = t('adopt.done');
  if (adoptingFor) placeField(adoptingFor);
  else {
    refreshOverlays();
    saveSoon();
    const current = state.current === null ? null : fillOrder()[state.current];
    if (current && isAdopted(current)) showEditor(current);
    else if (missing().length === 0) finishFocus();
    else $('next').focus();
  }
}

// ---------------------------------------------------------------- declining

function openDecline() {
  $('decline-error').hidden = true;
  $('decline').showModal();
  $('decline-reason').focus();
}

async function decline(event) {
  event.preventDefault();
  const reason = $('decline-reason').value.trim();
  $('decline-ok').disabled = true;
  try {
    await call('POST', '/decline', reason ? { reason } : {});
    $('decline').close();
    for (const id of ['gate', 'doc', 'bar', 'decline-open']) $(id).hidden = true;
    document.body.classList.remove('with-bar');
    showStatus('stop', t('decline.done.heading'), t('decline.done.text'));
    embed('declined');
    $('status').querySelector('h2').setAttribute('tabindex', '-1');
    $('status').querySelector('h2').focus();
  } catch (err) {
    if (err instanceof ApiError && err.status === 410) {
      $('decline').close();
      return showGone(err.code, err.message);
    }
    handleError(err, $('decline-error'));
  } finally {
    enable($('decline-ok'));
  }
}

// ---------------------------------------------------------------- wiring

$('send-code').addEventListener('click', requestCode);
$('resend').addEventListener('click', requestCode);
$('code-form').addEventListener('submit', verifyCode);
$('code').addEventListener('input', (e) => {
  const digits = e.target.value.replace(/\D/g, '').slice(0, 6);
  if (digits !== e.target.value) e.target.value = digits;
});
$('next').addEventListener('click', next);
window.addEventListener('offline', () => showBarError(t('error.network')));
$('finish').addEventListener('click', finish);
$('decline-open').addEventListener('click', openDecline);
$('decline-form').addEventListener('submit', decline);
$('decline-cancel').addEventListener('click', () => $('decline').close());
$('adopt-form').addEventListener('submit', adopt);
$('adopt-cancel').addEventListener('click', () => $('adopt').close());
// The language switcher reloads the page in the chosen language (the draft is on the server).
$('lang').addEventListener('change', () => $('lang').form.submit());
$('typed-name').addEventListener('input', updatePreview);
for (const radio of document.querySelectorAll('#adopt-form input[name="kind"]'))
  radio.addEventListener('change', updatePreview);
setupPad();
let resizeTimer;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    // Pages drawn so far follow the new width; the others draw when they scroll into view.
    for (const page of document.querySelectorAll('.page'))
      if (page.querySelector('canvas').width > 0) page.draw?.();
  }, 200);
});

load();
