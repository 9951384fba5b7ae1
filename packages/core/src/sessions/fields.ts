import { fieldValues, preparedDocuments, templateFields } from '@countersign/db';
import type { FieldPlacement } from '@countersign/pdf-engine';
import { asc, eq, inArray } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { placeOf } from '../support/place.ts';
import { type DocumentRow, documentsOfSession } from './documents.ts';
import { type ParticipantRow, participantsOfSession } from './participants.ts';

export type SessionFieldType = 'text' | 'checkbox' | 'date' | 'signature' | 'initials' | 'name' | 'email';

/** A field of a session as signers and the final stamping see it. Rectangles are display coordinates. */
export interface SessionField {
  fieldId: string;
  documentId: string;
  type: SessionFieldType;
  label: string;
  /** 1-based page of the session document. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
  /** The participant who fills it; null for sender prefill (read-only for signers). */
  participantId: string | null;
  /** Filled automatically at signing (the date, the signer's name): never typed by a signer. */
  automatic: boolean;
  value: string | null;
}

const GENERATED_LABEL: Record<FieldPlacement['kind'], string> = {
  initials: 'Initials',
  signature: 'Signature',
  date: 'Date signed',
  name: 'Name',
};

/**
 * The fields of a session, derived from where its documents came from: a template's fields (matched to
 * participants by role) or the generated layout of a prepared own PDF (matched by signer index). Only values
 * are stored per session, so creating a session never copies a layout.
 */
export async function sessionFields(
  ctx: ServiceContext,
  sessionId: string,
  /** The session's documents and participants as the caller just read them (in the same transaction). */
  known: { docs?: DocumentRow[]; people?: ParticipantRow[] } = {},
): Promise<SessionField[]> {
  const docs = known.docs ?? (await documentsOfSession(ctx, sessionId));
  const people = known.people ?? (await participantsOfSession(ctx, sessionId));
  const values = new Map(
    (await ctx.db.select().from(fieldValues).where(eq(fieldValues.sessionId, sessionId))).map((v) => [
      v.fieldId,
      v.value,
    ]),
  );
  const byPosition = new Map(people.map((p) => [p.position, p.id]));
  const byRole = new Map(people.filter((p) => p.roleId).map((p) => [p.roleId!, p.id]));

  const preparedIds = docs.map((d) => d.preparedDocumentId).filter((id): id is string => !!id);
  const layouts = new Map(
    preparedIds.length
      ? (
          await ctx.db
            .select({ id: preparedDocuments.id, layout: preparedDocuments.layout })
            .from(preparedDocuments)
            .where(inArray(preparedDocuments.id, preparedIds))
        ).map((r) => [r.id, r.layout as FieldPlacement[]])
      : [],
  );
  const templateDocIds = docs.map((d) => d.templateDocumentId).filter((id): id is string => !!id);
  const tFields = templateDocIds.length
    ? await ctx.db
        .select()
        .from(templateFields)
        .where(inArray(templateFields.documentId, templateDocIds))
        .orderBy(asc(templateFields.position))
    : [];

  const out: SessionField[] = [];
  for (const doc of docs) {
    if (doc.preparedDocumentId) {
      (layouts.get(doc.preparedDocumentId) ?? []).forEach((f, index) => {
        const fieldId = `${doc.id}:${index}`;
        out.push({
          fieldId,
          documentId: doc.id,
          type: f.kind,
          label: GENERATED_LABEL[f.kind],
          page: f.page,
          x: f.x,
          y: f.y,
          width: f.width,
          height: f.height,
          required: f.kind === 'signature' || f.kind === 'initials',
          participantId: byPosition.get(f.signer) ?? null,
          automatic: f.kind === 'date' || f.kind === 'name',
          value: values.get(fieldId) ?? null,
        });
      });
    } else if (doc.templateDocumentId) {
      for (const f of tFields) {
        if (f.documentId !== doc.templateDocumentId) continue;
        out.push({
          fieldId: f.id,
          documentId: doc.id,
          type: f.type,
          label: f.sendLabel,
          ...placeOf(f),
          required: f.required,
          participantId: f.roleId ? (byRole.get(f.roleId) ?? null) : null,
          automatic: false,
          value: values.get(f.id) ?? null,
        });
      }
    }
  }
  return out;
}
