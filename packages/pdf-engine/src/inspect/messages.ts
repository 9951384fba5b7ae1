import type { InspectRejected } from './types.ts';

function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** Every rejection sentence lives here, so wording stays consistent. */
export const reject = {
  tooLarge(size: number, max: number): InspectRejected {
    return {
      ok: false,
      reason: 'too-large',
      message: `The file is ${mb(size)}, which is more than the ${mb(max)} limit; upload a smaller PDF.`,
    };
  },
  tooManyPages(pages: number, max: number): InspectRejected {
    return {
      ok: false,
      reason: 'too-many-pages',
      message: `The PDF has ${pages.toLocaleString('en-US')} pages, which is more than the ${max.toLocaleString('en-US')}-page limit; split it and upload the parts.`,
    };
  },
  encrypted(kind?: 'user password' | 'owner password'): InspectRejected {
    return {
      ok: false,
      reason: 'encrypted',
      message: `The PDF is encrypted${kind ? ` (${kind})` : ''}; remove the protection and upload it again.`,
    };
  },
  xfa(kind: 'pure' | 'hybrid'): InspectRejected {
    const what = kind === 'pure' ? 'an XFA form' : 'a form with XFA data (hybrid AcroForm/XFA)';
    return {
      ok: false,
      reason: 'xfa',
      message: `The PDF is ${what}, which cannot be signed here; print or export it to a regular PDF and upload that.`,
    };
  },
  loadFailed(detail: string): InspectRejected {
    return {
      ok: false,
      reason: 'load-failed',
      message: `The file could not be read as a PDF: ${detail}. Export or print it to a new PDF and upload that.`,
    };
  },
};

/** Details for load-failed, so callers and tests see the same words. */
export const loadFailure = {
  empty: 'the file is empty',
  notPdf: 'it is not a PDF or its structure is damaged',
  timeout: (ms: number) => `reading it took longer than ${Math.round(ms / 1000)} seconds`,
  memory: (mbLimit: number) => `reading it needed more than ${mbLimit} MB of memory`,
  streamTooLarge: (mbLimit: number) => `it contains data that expands to more than ${mbLimit} MB`,
  crashed: 'the reader stopped unexpectedly',
  page: (n: number) => `page ${n} could not be read`,
  pageTree: 'its page tree is inconsistent',
  filter: (name: string) =>
    `it uses the /${name} compression, which is not part of the PDF standard (ISO 32000) and most readers cannot open`,
  noPages: 'it has no pages',
  stamper: 'its structure cannot be rewritten safely',
};
