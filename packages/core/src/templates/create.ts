import { templateDocuments, templates } from '@countersign/db';
import { type DetectResult, detectFields, type InspectOk, startDetector } from '@countersign/pdf-engine';
import type { FailedDocument, Locale, ManifestField, TemplateCreated } from '@countersign/schemas';
import type { ServiceContext } from '../context.ts';
import { requestPageDrawing } from '../pages/request.ts';
import { documentsRejected, inspectUploads } from '../pdf-verdicts.ts';
import { newId } from '../support/crypto.ts';
import {
  addDetectedRoles,
  checkFilenames,
  checkRoles,
  checkTotals,
  type DraftField,
  detectedField,
  manifestField,
  type PlacedField,
  Problems,
  placeFields,
  type TemplateDocumentFacts,
  withoutDuplicates,
} from './field-rules.ts';
import { roleColorsFor } from './role-colors.ts';
import { insertRolesAndFields } from './version-rows.ts';

export interface NewTemplate {
  name: string;
  /** The PDFs in template order; `filename` is how fields and sends address each one. */
  documents: { filename: string; bytes: Uint8Array }[];
  /** Placeholder roles in recipient order. */
  roles: string[];
  /** Fields placed by hand (`document` = a filename above); fields detected in the PDFs are added. */
  fields: ManifestField[];
  /** The designer's colour per role name (the others get their position's default). */
  roleColors?: Record<string, string> | undefined;
  /** Language of its sessions' pages and emails when a send names none. */
  defaultLocale?: Locale | null;
}

/**
 * Creates a template: every PDF is inspected (a rejected one fails the call, nothing created), fields are
 * detected in it (AcroForm fields and text tags, which are hidden in the prepared copy), merged with the
 * manifest's, checked, ordered and given send labels; then blobs and rows are written in one transaction.
 * All the PDF work happens here, once, so that a send never parses a PDF.
 */
export async function createTemplate(
  ctx: ServiceContext,
  accountId: string,
  input: NewTemplate,
  alsoInTransaction?: (templateId: string, name: string) => Promise<void>,
): Promise<TemplateCreated> {
  const problems = new Problems();
  const name = input.name.trim();
  if (name === '') problems.add('name: must not be empty');
  if (input.documents.length === 0) problems.add('documents: a template needs at least one PDF');
  checkFilenames(
    input.documents.map((d) => d.filename),
    problems,
  );
  const manifestRoles = checkRoles(input.roles, problems);
  problems.throwIfAny();

  startDetector(); // its start-up overlaps inspection
  const inspected = await inspectUploads(ctx, input.documents);
  const detected = await detectAll(input.documents, inspected);

  const documents: TemplateDocumentFacts[] = input.documents.map((d, i) => ({
    filename: d.filename,
    pageSizes: inspected[i]!.pages.map((p) => ({ width: p.width, height: p.height })),
  }));
  detected.forEach((result, i) => {
    for (const p of result.problems)
      problems.add(`${documents[i]!.filename} page ${p.page}, text tag ${p.text}: ${p.message}`);
  });
  const roles = addDetectedRoles(
    manifestRoles,
    detected.map((d) => d.fields),
  );
  const colors = roleColorsFor(roles, input.roleColors, problems);
  const roleByKey = new Map(roles.map((r) => [r.toLowerCase(), r]));
  const fromManifest = input.fields
    .map((f) => manifestField(f, documents, roleByKey, problems))
    .filter((f): f is DraftField => f !== null);
  const fromPdfs = detected
    .flatMap((d, i) => d.fields.map((f) => detectedField(f, i, documents, roleByKey, problems)))
    .filter((f): f is DraftField => f !== null);
  const fields = placeFields(withoutDuplicates(fromManifest, fromPdfs), problems);
  checkTotals(roles, fields.length, problems);
  problems.throwIfAny();

  // Templates keep their own pages (prepare does not rewrite them): remove active content here instead.
  const cleaned = await Promise.all(
    input.documents.map(async (doc, i) => {
      const base = detected[i]!.prepared ?? doc.bytes;
      const { kinds, bytes } = await ctx.pdf.activeContentOf(base, true);
      return { kinds, prepared: kinds.length > 0 ? bytes : detected[i]!.prepared };
    }),
  );
  const templateId = newId();
  const now = ctx.clock.now();
  let asked = 0;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(templates).values({
      id: templateId,
      accountId,
      name,
      createdAt: now,
      defaultLocale: input.defaultLocale ?? null,
    });
    const documentIds: string[] = [];
    const preparedSha256s: string[] = [];
    for (const [position, doc] of input.documents.entries()) {
      const sourceSha256 = await ctx.blobs.put(doc.bytes, inspected[position]!.sha256);
      const { prepared, kinds } = cleaned[position]!;
      const preparedSha256 = prepared ? await ctx.blobs.put(prepared) : sourceSha256;
      const id = newId();
      await tx.insert(templateDocuments).values({
        id,
        templateId,
        position,
        filename: doc.filename,
        sourceSha256,
        preparedSha256,
        pageCount: inspected[position]!.pageCount,
        pageSizes: documents[position]!.pageSizes,
        activeContentRemoved: kinds,
      });
      documentIds.push(id);
      preparedSha256s.push(preparedSha256);
    }
    await insertRolesAndFields(tx, { templateId, version: 1, documentIds, roles, colors, fields });
    await alsoInTransaction?.(templateId, name);
    asked = await requestPageDrawing(ctx, preparedSha256s);
  });
  // Every send of the template shows these pages: drawn once, now, by their own job.
  if (asked) ctx.outbox.kick();
  return { templateId, roles, fields: fields.map((f) => createdField(f, documents)) };
}

const createdField = (f: PlacedField, documents: TemplateDocumentFacts[]) => ({
  label: f.label,
  sendLabel: f.sendLabel,
  type: f.type,
  role: f.role,
  required: f.required,
  document: documents[f.documentIndex]!.filename,
  page: f.page,
  x: f.x,
  y: f.y,
  width: f.width,
  height: f.height,
  source: f.source,
});

/** Detection on accepted documents; a document it cannot read is rejected like one inspection refused. */
async function detectAll(docs: NewTemplate['documents'], inspected: InspectOk[]): Promise<DetectResult[]> {
  const settled = await Promise.allSettled(docs.map((d, i) => detectFields(d.bytes, inspected[i]!.pages)));
  const failed: FailedDocument[] = [];
  settled.forEach((s, i) => {
    if (s.status === 'rejected') {
      failed.push({
        cloudFileId: null,
        filename: docs[i]!.filename,
        reason: 'load-failed',
        message: `fields could not be detected in this PDF (${s.reason instanceof Error ? s.reason.message : String(s.reason)})`,
      });
    }
  });
  if (failed.length > 0) throw documentsRejected(failed);
  return settled.map((s) => (s as PromiseFulfilledResult<DetectResult>).value);
}
