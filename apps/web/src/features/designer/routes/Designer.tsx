import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { Loading } from '../../../components/Loading.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { PlacedSendBanner } from '../../sending/components/PlacedSendBanner.tsx';
import { placedSendOf } from '../../sending/placed-send.ts';
import { layoutOf, useTemplate } from '../api/template.ts';
import { documentUrl } from '../api/template-query.ts';
import { Editor } from '../components/Editor.tsx';
import { openPdf } from '../pdf.ts';
import '../designer.css';

/**
 * /app/templates/<id>. The first document starts loading (pdf.js and the PDF) at once, alongside the template
 * itself (on a direct load both started before React, see preload.ts), so page 1 appears as soon as both are in.
 * Everything else waits for page 1: the other pages and documents are drawn and opened once it is on screen.
 */
export default function DesignerRoute() {
  const { templateId = '' } = useParams<{ templateId: string }>();
  // Keyed: another template's address starts afresh (its own documents, its own page 1 first).
  return <Designer key={templateId} templateId={templateId} />;
}

function Designer({ templateId }: { templateId: string }) {
  const template = useTemplate(templateId);
  const [firstDrawn, setFirstDrawn] = useState(false);
  const onFirstPageDrawn = useCallback(() => setFirstDrawn(true), []);
  const pdfs = usePdfs(templateId, template.data?.documents.length ?? 1, firstDrawn);
  const documents = useMemo(() => (template.data ? layoutOf(template.data) : []), [template.data]);
  const placed = useMemo(() => placedSendOf(templateId), [templateId]);

  if (template.isPending) return <Loading label="Loading the template…" />;
  if (template.isError) {
    return (
      <main className="page" id="main">
        <h1>Template</h1>
        <p className="notice error" role="alert">
          {errorText(template.error)}
        </p>
      </main>
    );
  }
  return (
    <main id="main" className="dz-main">
      <h1 className="visually-hidden">Template designer: {template.data.name}</h1>
      {placed ? <PlacedSendBanner pending={placed} /> : null}
      <Editor
        template={template.data}
        documents={documents}
        pdfs={pdfs.docs}
        pagesReady={pdfs.othersReady}
        onFirstPageDrawn={onFirstPageDrawn}
      />
      {pdfs.error ? (
        <p className="notice error" role="alert">
          The pages could not be shown: {pdfs.error}
        </p>
      ) : null}
    </main>
  );
}

/**
 * The template's PDFs in pdf.js, opened once each: the first at once, the others once page 1 is on screen (or
 * cannot be: an error). Pages get the pending documents, so page 1 starts drawing the moment its document is
 * open, without waiting for React to render again.
 */
function usePdfs(templateId: string, count: number, firstDrawn: boolean) {
  const [docs, setDocs] = useState<Promise<PDFDocumentProxy>[]>([]);
  const [error, setError] = useState<string | null>(null);
  const othersReady = firstDrawn || error !== null;
  const wanted = othersReady ? count : 1;
  const opened = useRef(new Map<number, Promise<PDFDocumentProxy>>());
  const alive = useRef(true);
  // React may disconnect and reconnect these effects: at once (StrictMode in development), or after a while (a
  // lazy chunk suspending the route). Only a disconnect that lasts closes the documents; they are then dropped
  // from state and opened again by the effect below when it reconnects.
  useEffect(() => {
    alive.current = true;
    const all = opened.current;
    return () => {
      alive.current = false;
      setTimeout(() => {
        if (alive.current) return;
        for (const pending of all.values()) void pending.then((pdf) => pdf.destroy()).catch(() => undefined);
        all.clear();
        setDocs([]);
      });
    };
  }, []);
  useEffect(() => {
    let added = false;
    for (let i = 0; i < wanted; i++) {
      if (opened.current.has(i)) continue;
      const pending = openPdf(documentUrl(templateId, i));
      opened.current.set(i, pending);
      added = true;
      // Not for one dropped meanwhile (closed, then opened again).
      pending.catch((err: unknown) => opened.current.get(i) === pending && setError(errorText(err)));
    }
    if (added) setDocs(Array.from({ length: wanted }, (_, i) => opened.current.get(i)!));
  }, [templateId, wanted]);

  return { docs, error, othersReady };
}
