// The signing page: drives the signer API (/api/signing/<token>) and renders the document with pdf.js.
// Plain ES module, no build step. Strings from the server are only ever set with textContent.

const $ = (id) => document.getElementById(id);
const main = $('main');
const token = main.dataset.token;
const PDFJS = main.dataset.pdfjs;
const API = `/api/signing/${token}`;
const LINK_MESSAGES = JSON.parse($('messages').textContent);

const state = {
  view: null,
  /** fieldId -> value the signer entered (or the prefill / default they accepted). */
  values: new Map(),
  signature: null,
  initials: null,
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
    const message = body?.message || `The request failed (${status}).`;
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
      message: 'We could not reach the server. Check your connection and try again.',
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
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

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
  const m = LINK_MESSAGES[code];
  showStatus('stop', m ? m.heading : 'Something went wrong', m ? m.text : fallback);
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
  } else showAlert(err.message);
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
  $('meta').textContent = `From ${v.senderName} · for ${v.participant.name}`;
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
    showStatus(
      'done',
      'You have signed',
      'Thank you. We will email you when everyone has signed, with a link to the signed document.',
    );
    return renderDocument();
  }
  if (!v.yourTurn) {
    const names = v.waitingFor.map((w) => w.name).join(', ');
    showStatus(
      'wait',
      'Waiting for your turn',
      `${names || 'Another signer'} must sign first. We will email you when it is your turn; you can review the document meanwhile.`,
    );
    return renderDocument();
  }
  showStatus(
    'info',
    v.auth.verified ? 'Verified: ready to sign' : 'Ready to sign',
    'Review the document, then complete the highlighted fields. “Next field” takes you to each one.',
  );
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
  $('gate-text').firstChild.textContent =
    v.status === 'completed'
      ? 'To download the signed document, enter the 6-digit code we email to '
      : 'To see the document, enter the 6-digit code we email to ';
  if (v.auth.locked) {
    gateNote(
      `Too many wrong codes. For your security, codes are blocked until ${formatDate(v.auth.lockedUntil)}.`,
      true,
    );
    $('send-code').disabled = true;
  }
}

function gateNote(text, stop = false) {
  const note = $('gate-note');
  note.textContent = text;
  note.classList.toggle('stop', stop);
}

async function requestCode() {
  const button = $('code-form').hidden ? $('send-code') : $('resend');
  button.disabled = true;
  $('code-error').hidden = true;
  try {
    await call('POST', '/code');
    $('send-code').hidden = true;
    $('code-form').hidden = false;
    gateNote('Code sent. It can take a minute to arrive.');
    $('code').value = '';
    $('code').focus();
  } catch (err) {
    if (err instanceof ApiError && (err.status === 410 || err.code === 'link_not_found'))
      return handleError(err);
    gateNote(err.message, true);
  } finally {
    // The server limits how often; re-enable after the 30-second window.
    setTimeout(() => {
      button.disabled = false;
    }, 30_000);
    if ($('code-form').hidden) button.disabled = false;
  }
}

async function verifyCode(event) {
  event.preventDefault();
  const input = $('code');
  const code = input.value.replace(/\D/g, '');
  const error = $('code-error');
  if (code.length !== 6) {
    error.textContent = 'Enter the 6 digits from the email.';
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
    showStatus(
      'done',
      'Everyone has signed',
      'We are preparing the signed document. This page updates when it is ready.',
    );
    return pollUntilReady();
  }
  const list = el('ul', { class: 'downloads' });
  for (const d of v.documents) {
    const name = `${d.filename.replace(/\.pdf$/i, '')} (signed).pdf`;
    list.append(
      el(
        'li',
        {},
        el('a', { class: 'btn primary', href: sameOrigin(d.url), download: name, text: `Download ${name}` }),
      ),
    );
  }
  showStatus(
    'done',
    'Completed: everyone has signed',
    `The signed document is sealed so anyone can check it was not changed. This link offers it until ${formatDate(v.download.availableUntil)}.`,
    list,
  );
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

/** The signer's fields in reading order (document, page, top, left): what "Next field" walks through. */
function fillOrder() {
  const docIndex = new Map(state.view.documents.map((d, i) => [d.id, i]));
  return myFields()
    .filter((f) => !f.automatic && (isFillable(f) || isAdopted(f)))
    .sort(
      (a, b) =>
        docIndex.get(a.documentId) - docIndex.get(b.documentId) ||
        a.page - b.page ||
        a.rect.y - b.rect.y ||
        a.rect.x - b.rect.x,
    );
}

function initValues() {
  const v = state.view;
  state.values.clear();
  const defaults = { name: v.participant.name, email: v.participant.email, date: todayIso() };
  for (const f of v.fields) {
    if (!isFillable(f) || isAdopted(f)) continue;
    const value = f.value ?? defaults[f.type] ?? (f.type === 'checkbox' ? 'false' : '');
    state.values.set(f.id, value);
  }
}

function isFilled(f) {
  if (f.type === 'signature') return state.signature !== null;
  if (f.type === 'initials') return state.initials !== null;
  const value = state.values.get(f.id) ?? '';
  return f.type === 'checkbox' ? value === 'true' : value.trim() !== '';
}

const missing = () => fillOrder().filter((f) => f.required && !isFilled(f));

function describe(f) {
  const kind =
    { signature: 'Signature', initials: 'Initials', checkbox: 'Checkbox', date: 'Date' }[f.type] ?? 'Text';
  const label = f.label && f.label !== kind ? `${kind}: ${f.label}` : kind;
  const status = isFilled(f) ? 'done' : f.required ? 'required' : 'optional';
  return `${label}, page ${f.page}, ${status}`;
}

// ---------------------------------------------------------------- document

async function renderDocument() {
  const doc = $('doc');
  doc.hidden = false;
  if (state.rendered) return refreshOverlays();
  state.rendered = true;
  doc.replaceChildren(el('p', { class: 'loading', text: 'Loading the document…' }));
  let pdfjs;
  try {
    pdfjs = await import(`${PDFJS}pdf.min.mjs`);
    pdfjs.GlobalWorkerOptions.workerSrc = `${PDFJS}pdf.worker.min.mjs`;
  } catch {
    doc.replaceChildren(
      el('p', { class: 'error', text: 'The document viewer could not load. Reload the page to try again.' }),
    );
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
  const parts = [];
  const many = state.view.documents.length > 1;
  for (const d of state.view.documents) {
    const section = el('section', { class: 'document', 'aria-label': d.filename });
    if (many) section.append(el('h2', { class: 'doc-name', text: d.filename }));
    parts.push(section);
    let pdf;
    try {
      pdf = await pdfjs.getDocument({
        url: sameOrigin(d.url),
        isEvalSupported: false,
        standardFontDataUrl: `${PDFJS}standard_fonts/`,
        cMapUrl: `${PDFJS}cmaps/`,
        iccUrl: `${PDFJS}iccs/`,
        wasmUrl: `${PDFJS}wasm/`,
      }).promise;
    } catch {
      section.append(
        el('p', {
          class: 'error',
          text: `${d.filename} could not be displayed. Reload the page to try again.`,
        }),
      );
      continue;
    }
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const wrap = el('div', {
        class: 'page',
        role: 'group',
        'aria-label': `${d.filename}, page ${n} of ${pdf.numPages}`,
      });
      wrap.style.aspectRatio = `${base.width} / ${base.height}`;
      const canvas = el('canvas', { 'aria-hidden': 'true' });
      wrap.append(canvas);
      for (const f of state.view.fields.filter((x) => x.documentId === d.id && x.page === n)) {
        wrap.append(overlay(f, base));
      }
      wrap.draw = async () => {
        const ratio = Math.min(window.devicePixelRatio || 1, 2);
        const viewport = page.getViewport({ scale: (wrap.clientWidth / base.width) * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        await page.render({ canvas, viewport }).promise.catch(() => {});
      };
      section.append(wrap);
      observer.observe(wrap);
    }
  }
  doc.replaceChildren(...parts);
  refreshOverlays();
}

/** A field drawn over the page at its display rectangle (percentages, so it follows the page's width). */
function overlay(f, base) {
  const interactive = isFillable(f) || (f.mine && isAdopted(f) && state.view.yourTurn);
  const node = el(interactive ? 'button' : 'div', {
    class: `field field-${f.type} ${f.mine ? 'mine' : 'other'}${f.required ? ' required' : ''}`,
    type: interactive ? 'button' : null,
    'data-field': f.id,
    'aria-hidden': interactive ? null : 'true',
  });
  node.style.left = `${(f.rect.x / base.width) * 100}%`;
  node.style.top = `${(f.rect.y / base.height) * 100}%`;
  node.style.width = `${(f.rect.width / base.width) * 100}%`;
  node.style.height = `${(f.rect.height / base.height) * 100}%`;
  // Text sized to the box, relative to the page width (the page is a size container).
  node.style.fontSize = `${Math.min(f.rect.height * 0.62, 14) * (100 / base.width)}cqw`;
  if (interactive) node.addEventListener('click', () => select(fillOrder().findIndex((x) => x.id === f.id)));
  return node;
}

function refreshOverlays() {
  const byId = new Map(state.view.fields.map((f) => [f.id, f]));
  const current = state.current === null ? null : fillOrder()[state.current];
  for (const node of document.querySelectorAll('.field')) {
    const f = byId.get(node.dataset.field);
    if (!f) continue;
    const filled = f.mine && (isFillable(f) || isAdopted(f)) ? isFilled(f) : false;
    node.classList.toggle('filled', filled);
    node.classList.toggle('current', current?.id === f.id);
    node.replaceChildren(fieldContent(f));
    if (node.tagName === 'BUTTON') node.setAttribute('aria-label', describe(f));
  }
  updateProgress();
}

function fieldContent(f) {
  if (f.mine && f.type === 'signature' && state.signature) return adoptedMark(state.signature);
  if (f.mine && f.type === 'initials' && state.initials) return adoptedMark(state.initials);
  if (isAdopted(f))
    return el('span', {
      class: 'hint',
      text: f.mine && state.view.yourTurn ? (f.type === 'signature' ? 'Sign' : 'Initial') : '',
    });
  const value = f.mine && state.values.has(f.id) ? state.values.get(f.id) : (f.value ?? '');
  if (f.type === 'checkbox') return el('span', { class: 'check', text: value === 'true' ? '✓' : '' });
  return el('span', { class: 'value', text: value || (f.mine && !f.readOnly ? f.label : '') });
}

function adoptedMark(adopted) {
  if (adopted.kind === 'drawn') return el('img', { src: adopted.value, alt: '' });
  return el('span', { class: 'script', text: adopted.value });
}

// ---------------------------------------------------------------- the bar: progress, editor, next, finish

function renderBar() {
  $('bar').hidden = false;
  document.body.classList.add('with-bar');
  updateProgress();
}

function updateProgress() {
  if (!state.view?.yourTurn) return;
  const left = missing().length;
  $('progress').textContent =
    left === 0 ? 'All fields done.' : `${left} required field${left === 1 ? '' : 's'} left`;
  // One main action at a time: "Next field" while something required is empty, then "Finish signing".
  $('next').hidden = left === 0;
  $('finish').hidden = left > 0;
}

/** Makes field `index` of fillOrder() the current one: scrolls to it and puts its control in the bar. */
function select(index) {
  const order = fillOrder();
  const f = order[index];
  if (!f) return;
  state.current = index;
  refreshOverlays();
  const node = document.querySelector(`.field[data-field="${CSS.escape(f.id)}"]`);
  node?.scrollIntoView({
    block: 'center',
    behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
  });
  if (isAdopted(f)) {
    if ((f.type === 'signature' && !state.signature) || (f.type === 'initials' && !state.initials))
      return openAdopt();
    return showEditor(f);
  }
  showEditor(f);
}

function showEditor(f) {
  const editor = $('editor');
  editor.hidden = false;
  const order = fillOrder();
  const position = el('p', {
    class: 'editor-pos',
    text: `Field ${order.findIndex((x) => x.id === f.id) + 1} of ${order.length}`,
  });
  const label = f.label || f.type;
  let control;
  if (isAdopted(f)) {
    const adopted = f.type === 'signature' ? state.signature : state.initials;
    control = el(
      'div',
      { class: 'editor-adopted' },
      el('span', {
        class: 'editor-label',
        text: f.type === 'signature' ? 'Your signature' : 'Your initials',
      }),
      el('span', { class: 'preview' }, adoptedMark(adopted)),
      el('button', { type: 'button', class: 'btn link', id: 'editor-change', text: 'Change' }),
    );
    control.querySelector('button').addEventListener('click', openAdopt);
  } else if (f.type === 'checkbox') {
    const input = el('input', { type: 'checkbox', id: 'editor-input' });
    input.checked = state.values.get(f.id) === 'true';
    input.addEventListener('change', () => setValue(f, input.checked ? 'true' : 'false'));
    control = el(
      'div',
      { class: 'editor-check' },
      input,
      el('label', { for: 'editor-input', text: `${label}${f.required ? ' (required)' : ''}` }),
    );
  } else {
    const type = { email: 'email', date: 'date' }[f.type] ?? 'text';
    const input = el('input', {
      type,
      id: 'editor-input',
      maxlength: 1000,
      autocomplete: { name: 'name', email: 'email' }[f.type] ?? 'off',
      'aria-required': f.required ? 'true' : null,
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
      el('label', {
        for: 'editor-input',
        class: 'editor-label',
        text: `${label}${f.required ? ' (required)' : ' (optional)'}`,
      }),
      input,
    );
  }
  editor.replaceChildren(position, control);
  const focusable = editor.querySelector('input, button');
  focusable?.focus({ preventScroll: true });
}

function setValue(f, value) {
  state.values.set(f.id, value);
  const node = document.querySelector(`.field[data-field="${CSS.escape(f.id)}"]`);
  if (node) {
    node.classList.toggle('filled', isFilled(f));
    node.replaceChildren(fieldContent(f));
    node.setAttribute('aria-label', describe(f));
  }
  updateProgress();
}

/** The next required field that is still empty after the current one (wrapping), else the next field. */
function next() {
  const order = fillOrder();
  if (order.length === 0) return finishFocus();
  const start = state.current === null ? -1 : state.current;
  for (let step = 1; step <= order.length; step++) {
    const i = (start + step) % order.length;
    if (order[i].required && !isFilled(order[i])) return select(i);
  }
  if (start + 1 < order.length) return select(start + 1);
  finishFocus();
}

function finishFocus() {
  updateProgress();
  $('finish').focus();
}

async function finish() {
  if (state.busy) return;
  const left = missing();
  if (left.length) {
    showAlert(`${left.length} required field${left.length === 1 ? ' is' : 's are'} still empty.`);
    return select(fillOrder().findIndex((f) => f.id === left[0].id));
  }
  if (!state.signature) return openAdopt();
  state.busy = true;
  $('finish').disabled = true;
  showAlert('');
  showStatus('info', 'Signing…', 'Recording your signature.');
  const values = [...state.values].map(([fieldId, value]) => ({ fieldId, value }));
  try {
    const result = await call('POST', '/sign', {
      values,
      signature: state.signature,
      initials: state.initials ?? undefined,
    });
    $('bar').hidden = true;
    $('decline-open').hidden = true;
    $('editor').hidden = true;
    document.body.classList.remove('with-bar');
    state.current = null;
    await load();
    const finishing = result.sessionCompleted && state.view.status !== 'completed';
    if (finishing) {
      showStatus(
        'done',
        'You have signed: everyone has now signed',
        'We are preparing the signed document. This page updates when it is ready.',
      );
    }
    $('status').querySelector('h2')?.setAttribute('tabindex', '-1');
    $('status').querySelector('h2')?.focus();
    if (finishing) pollUntilCompleted();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'fields_missing' && err.body?.fieldIds?.length) {
      const i = fillOrder().findIndex((f) => f.id === err.body.fieldIds[0]);
      if (i >= 0) select(i);
    }
    showStatus('info', 'Ready to sign', 'Complete the highlighted fields, then finish.');
    handleError(err);
  } finally {
    state.busy = false;
    $('finish').disabled = false;
  }
}

// ---------------------------------------------------------------- adopting a signature

const pad = { drawing: false, strokes: 0, ctx: null };

function openAdopt() {
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

function adopt(event) {
  event.preventDefault();
  const error = $('adopt-error');
  const fail = (message, focus) => {
    error.textContent = message;
    error.hidden = false;
    focus?.focus();
  };
  let signature;
  if (adoptKind() === 'drawn') {
    if (pad.strokes === 0) return fail('Draw your signature in the box, or choose Type.', $('pad-clear'));
    signature = { kind: 'drawn', value: $('pad').toDataURL('image/png') };
  } else {
    const typed = $('typed-name').value.trim();
    if (!typed) return fail('Type your name to use it as your signature.', $('typed-name'));
    signature = { kind: 'typed', value: typed };
  }
  const initials = $('initials-input').value.trim();
  if (!initials) return fail('Type your initials.', $('initials-input'));
  state.signature = signature;
  state.initials = { kind: 'typed', value: initials };
  $('adopt').close();
  const count = myFields().filter(isAdopted).length;
  showStatus(
    'info',
    'Signature adopted',
    `Your signature and initials were applied to ${count} field${count === 1 ? '' : 's'}.`,
  );
  refreshOverlays();
  const current = state.current === null ? null : fillOrder()[state.current];
  if (current && isAdopted(current)) showEditor(current);
  if (missing().length === 0) finishFocus();
  else $('next').focus();
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
    showStatus(
      'stop',
      'You declined to sign',
      'The signing request is closed and the sender has been told. You can close this page.',
    );
    $('status').querySelector('h2').setAttribute('tabindex', '-1');
    $('status').querySelector('h2').focus();
  } catch (err) {
    if (err instanceof ApiError && err.status === 410) {
      $('decline').close();
      return showGone(err.code, err.message);
    }
    handleError(err, $('decline-error'));
  } finally {
    $('decline-ok').disabled = false;
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
$('finish').addEventListener('click', finish);
$('decline-open').addEventListener('click', openDecline);
$('decline-form').addEventListener('submit', decline);
$('decline-cancel').addEventListener('click', () => $('decline').close());
$('adopt-form').addEventListener('submit', adopt);
$('adopt-cancel').addEventListener('click', () => $('adopt').close());
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
