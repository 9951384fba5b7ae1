// <countersign-signing src="https://sign.example.com/s/TOKEN"></countersign-signing>
//
// Mounts a Countersign signing page in a frame and re-dispatches what the page tells its parent as DOM events:
// `countersign:ready`, `countersign:signed`, `countersign:declined`, `countersign:completed` and
// `countersign:error` (event.detail is the message). Messages are accepted only from the frame itself and from
// the signing page's origin. The account must list this app's origin (PUT /api/account/branding,
// `frameOrigins`), or the browser refuses to show the page in a frame.
// Plain ES module, no dependencies: load it with <script type="module">, from the Countersign server
// (/assets/embed/countersign-signing.js) or from this package.

const TYPES = new Set(['ready', 'signed', 'declined', 'completed', 'error']);

export class CountersignSigning extends HTMLElement {
  static observedAttributes = ['src', 'title'];

  #frame = null;
  #onMessage = (event) => {
    const frame = this.#frame;
    if (!frame || event.source !== frame.contentWindow) return;
    if (event.origin !== this.#origin()) return;
    const data = event.data;
    if (data?.source !== 'countersign' || !TYPES.has(data.type)) return;
    this.dispatchEvent(
      new CustomEvent(`countersign:${data.type}`, { detail: data, bubbles: true, composed: true }),
    );
  };

  #origin() {
    try {
      return new URL(this.getAttribute('src') ?? '', document.baseURI).origin;
    } catch {
      return null;
    }
  }

  connectedCallback() {
    if (!this.#frame) {
      const frame = document.createElement('iframe');
      frame.style.cssText = 'border:0;width:100%;height:100%;min-height:640px;display:block';
      // Signing needs no permissions beyond scripts and same-origin requests of its own origin.
      frame.setAttribute('allow', '');
      frame.setAttribute('referrerpolicy', 'no-referrer');
      this.#frame = frame;
      this.append(frame);
    }
    this.#sync();
    window.addEventListener('message', this.#onMessage);
  }

  disconnectedCallback() {
    window.removeEventListener('message', this.#onMessage);
  }

  attributeChangedCallback() {
    this.#sync();
  }

  #sync() {
    if (!this.#frame) return;
    this.#frame.title = this.getAttribute('title') || 'Document signing';
    const src = this.getAttribute('src');
    if (src && this.#frame.getAttribute('src') !== src) this.#frame.src = src;
  }
}

if (!customElements.get('countersign-signing'))
  customElements.define('countersign-signing', CountersignSigning);
