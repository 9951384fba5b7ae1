/**
 * Active content: what a viewer may run or open on its own when the document is shown or clicked. A signed
 * document should mean the same to everyone who opens it, so preparation removes it all and the certificate
 * says what was removed (docs/evidence.md, "Clean inputs"):
 * - `open-action`: the catalog's /OpenAction (run on open, whatever its kind);
 * - `additional-actions`: every /AA (page, annotation, field and document triggers);
 * - `javascript`: the /Names /JavaScript tree and every JavaScript action (or any action carrying /JS);
 * - `launch`: /Launch actions (open another file or program);
 * - `javascript-uri`: URI actions whose target is a `javascript:` URL;
 * - `form-actions`: /SubmitForm and /ImportData (send or load form data elsewhere);
 * - `embedded-files`: the /EmbeddedFiles tree, file attachment annotations, /EF of any file specification,
 *   /GoToE actions.
 * What is removed is unreachable afterwards and is garbage-collected, so none of its bytes are written.
 */
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';

export const activeContentKinds = [
  'open-action',
  'additional-actions',
  'javascript',
  'launch',
  'javascript-uri',
  'form-actions',
  'embedded-files',
] as const;
export type ActiveContentKind = (typeof activeContentKinds)[number];

/** How the certificate names each kind. */
export const activeContentLabels: Record<ActiveContentKind, string> = {
  'open-action': 'open action',
  'additional-actions': 'additional (trigger) actions',
  javascript: 'JavaScript',
  launch: 'launch actions',
  'javascript-uri': 'javascript: links',
  'form-actions': 'form submit/import actions',
  'embedded-files': 'embedded files',
};

const N = {
  AA: PDFName.of('AA'),
  A: PDFName.of('A'),
  Next: PDFName.of('Next'),
  OpenAction: PDFName.of('OpenAction'),
  Names: PDFName.of('Names'),
  JavaScript: PDFName.of('JavaScript'),
  EmbeddedFiles: PDFName.of('EmbeddedFiles'),
  EF: PDFName.of('EF'),
  S: PDFName.of('S'),
  JS: PDFName.of('JS'),
  URI: PDFName.of('URI'),
  Subtype: PDFName.of('Subtype'),
  Annots: PDFName.of('Annots'),
  FileAttachment: PDFName.of('FileAttachment'),
};

const ACTION_KINDS: Record<string, ActiveContentKind> = {
  '/JavaScript': 'javascript',
  '/Launch': 'launch',
  '/SubmitForm': 'form-actions',
  '/ImportData': 'form-actions',
  '/GoToE': 'embedded-files',
};

const text = (value: PDFObject | undefined): string | undefined =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

/**
 * Finds the active content of a loaded document and, when `remove` is true, removes it (then drops every
 * object no longer reachable from the trailer). Returns the kinds found, in `activeContentKinds` order.
 */
export function activeContent(doc: PDFDocument, remove: boolean): ActiveContentKind[] {
  const { context } = doc;
  const found = new Set<ActiveContentKind>();
  const resolve = (value: PDFObject | undefined) => (value instanceof PDFRef ? context.lookup(value) : value);
  const dictOf = (value: PDFObject | undefined): PDFDict | undefined => {
    const resolved = resolve(value);
    return resolved instanceof PDFDict ? resolved : resolved instanceof PDFStream ? resolved.dict : undefined;
  };

  /** What makes an action dangerous, if anything (its /Next chain is walked as part of the dict). */
  const actionKind = (action: PDFDict): ActiveContentKind | undefined => {
    if (action.has(N.JS)) return 'javascript';
    const type = action.get(N.S);
    const kind = type instanceof PDFName ? ACTION_KINDS[type.asString()] : undefined;
    if (kind) return kind;
    if (type === N.URI && /^\s*javascript:/i.test(text(resolve(action.get(N.URI))) ?? ''))
      return 'javascript-uri';
    return undefined;
  };

  const seen = new Set<PDFObject>();
  const visit = (value: PDFObject | undefined): void => {
    if (value === undefined) return;
    if (value instanceof PDFRef) {
      if (seen.has(value)) return;
      seen.add(value);
      visit(context.lookup(value));
      return;
    }
    if (seen.has(value)) return;
    seen.add(value);
    if (value instanceof PDFStream) {
      visit(value.dict);
      return;
    }
    if (value instanceof PDFArray) {
      for (const item of value.asArray()) visit(item);
      return;
    }
    if (!(value instanceof PDFDict)) return;
    visitDict(value);
  };

  const visitDict = (dict: PDFDict): void => {
    const drop = (key: PDFName, kind: ActiveContentKind) => {
      found.add(kind);
      if (remove) dict.delete(key);
    };
    for (const [key, value] of dict.entries()) {
      if (key === N.AA) {
        drop(key, 'additional-actions');
        continue;
      }
      if (key === N.EF) {
        drop(key, 'embedded-files');
        continue;
      }
      if (key === N.A || key === N.Next) {
        const action = dictOf(value);
        const kind = action && actionKind(action);
        if (kind) {
          drop(key, kind);
          continue;
        }
      }
      if (key === N.Annots) {
        const annots = resolve(value);
        if (annots instanceof PDFArray) {
          for (let i = annots.size() - 1; i >= 0; i--) {
            if (dictOf(annots.get(i))?.get(N.Subtype) !== N.FileAttachment) continue;
            found.add('embedded-files');
            if (remove) annots.remove(i);
          }
        }
      }
      visit(value);
    }
  };

  const catalog = doc.catalog;
  if (catalog.has(N.OpenAction)) {
    found.add('open-action');
    if (remove) catalog.delete(N.OpenAction);
  }
  const names = dictOf(catalog.get(N.Names));
  if (names?.has(N.JavaScript)) {
    found.add('javascript');
    if (remove) names.delete(N.JavaScript);
  }
  if (names?.has(N.EmbeddedFiles)) {
    found.add('embedded-files');
    if (remove) names.delete(N.EmbeddedFiles);
  }
  // Everything reachable from the trailer; with `remove`, what was cut off above is no longer reached.
  const { Root, Info } = context.trailerInfo;
  visit(Root);
  visit(Info);
  if (remove && found.size > 0) {
    for (const [ref] of context.enumerateIndirectObjects()) if (!seen.has(ref)) context.delete(ref);
  }
  return activeContentKinds.filter((k) => found.has(k));
}
