import { queryClient } from '../../app/query-client.ts';
import { documentUrl, templateQuery } from './api/template-query.ts';
import { preloadPdf } from './pdf.ts';

/** The designer's chunk: App routes to it lazily, and a direct load of its address starts it early. */
export const loadDesigner = () => import('./routes/Designer.tsx');

/**
 * A direct load of /app/templates/<id>: the template's first PDF (pdf.js, its worker and the file), the template
 * itself and the designer's code all start now, side by side, instead of one after the other once React has
 * routed there. The designer then takes each of them over: the query by its key, the PDF from preloadPdf.
 */
export function preloadDesigner(pathname: string): void {
  // Template ids are plain (UUIDs), so the router's id is this text as it stands; anything else is left to it.
  const templateId = /^\/app\/templates\/([\w-]+)\/?$/.exec(pathname)?.[1];
  if (!templateId) return;
  // Page 1 waits on the PDF the longest: it goes first, before the browser's few connections fill up.
  preloadPdf(documentUrl(templateId, 0));
  void queryClient.prefetchQuery(templateQuery(templateId));
  void loadDesigner();
}
