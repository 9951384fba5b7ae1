/** pdf.js in the test process, to check results independently of the inspection worker. */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loaded: Promise<PdfJs> | undefined;

export function pdfjs(): Promise<PdfJs> {
  loaded ??= (async () => {
    const g = globalThis as unknown as Record<string, unknown>;
    // @ts-expect-error the worker module ships without type declarations
    g.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loaded;
}

export async function openPdf(bytes: Uint8Array) {
  const lib = await pdfjs();
  return lib.getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false, disableFontFace: true })
    .promise;
}
