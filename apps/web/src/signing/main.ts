// The signing page: drives the signer API (/api/signing/<token>) and shows the document (drawn by the server,
// else by pdf.js).
// Bundled by Vite (vite.signing.config.ts); the API serves it as /assets/signing/signing.<hash>.js.
// Strings from the server are only ever set with textContent. The page's states: state.ts.
import { setupAdopt } from './adopt.ts';
import { setupBar } from './bar.ts';
import { setupDecline } from './decline.ts';
import { $ } from './dom.ts';
import { load } from './flow.ts';
import { setupGate } from './gate.ts';
import { applyBranding } from './page.ts';
import { redrawOnResize } from './pdfjs-pages.ts';
import { show } from './render.ts';
import { onEnter } from './state.ts';

applyBranding();
onEnter(show);
setupGate();
setupBar();
setupDecline();
setupAdopt();
// The language switcher reloads the page in the chosen language (the draft is on the server).
const lang = $<HTMLSelectElement>('lang');
lang.addEventListener('change', () => lang.form?.submit());
redrawOnResize();
void load();
