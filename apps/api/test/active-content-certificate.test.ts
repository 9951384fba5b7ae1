import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { completeSession, createTemplate, localDrive } from '@countersign/core';
import { documents, preparedDocuments, templateDocuments } from '@countersign/db';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { signLosingCompletionJob } from './completion-support.ts';
import { makePdf } from './fixtures/pdfs.ts';
import { signatureField } from './fixtures/templates.ts';
import { sendOneEntry } from './send-support.ts';
import { linkTokenOf, type TemplateSent } from './sends.ts';

// The certificate names the active content preparation removed from the original. What was removed is kept
// with the prepared document (own PDFs) or the template document when they are made, so a completion reads it
// instead of parsing the source again; rows written before that record existed still get it, found again.

const world = await startApiWorld({ worker: false, account: 'Active content' });
const { api, accessToken, accountId } = world;
const ctx = api.runtime.ctx;
const dir = mkdtempSync(join(tmpdir(), 'active-content-'));
afterAll(async () => {
  await world.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A one-page PDF that runs JavaScript when opened (a different file for each tag). */
async function withOpenScript(tag: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makePdf(1, tag));
  const script = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("opened")') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(script));
  return await doc.save();
}

/** Ann signs, the session is completed here (in this thread, where the spies are) and its final PDF read. */
async function completedCertificate(sessionId: string, token: string): Promise<string> {
  await signLosingCompletionJob(api, { sessionId, tokens: [token] }, ['Ann Alpha']);
  expect(await completeSession(ctx, sessionId)).toEqual({ completed: true });
  const [doc] = await ctx.db.select().from(documents).where(eq(documents.sessionId, sessionId));
  const file = join(dir, `${sessionId}.pdf`);
  writeFileSync(file, await ctx.blobs.read(doc!.finalSha256!));
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, ' ');
}

async function sendOwnPdf(bytes: Uint8Array) {
  const drive = await localDrive(ctx, accountId);
  const { cloudFileId } = await drive.put('scripted.pdf', bytes);
  return await sendOneEntry(api, accessToken, {
    cloudFileIds: [cloudFileId],
    authRequirement: 'public',
    notify: false,
    signingRequests: [{ recipients: [{ name: 'Ann Alpha', email: 'ann@example.test' }] }],
  });
}

/** The prepared document a session's (only) document was made from. */
async function preparedOf(sessionId: string) {
  const [row] = await ctx.db
    .select({ prepared: preparedDocuments })
    .from(documents)
    .innerJoin(preparedDocuments, eq(preparedDocuments.id, documents.preparedDocumentId))
    .where(eq(documents.sessionId, sessionId));
  return row!.prepared;
}

const named = (certificate: string) =>
  expect(certificate).toMatch(/Active content removed.*open action.*removed from the original/);

describe('the certificate names the active content removed from the original', () => {
  it('an own PDF: recorded when prepared, read at completion without parsing the source again', async () => {
    const s = await sendOwnPdf(await withOpenScript('own'));
    const kept = await preparedOf(s.sessionId);
    expect(kept!.activeContentRemoved).toEqual(['open-action']);
    const inspections = vi.spyOn(ctx.pdf, 'activeContentOf');
    try {
      named(await completedCertificate(s.sessionId, s.tokens[0]!));
      expect(inspections).not.toHaveBeenCalled();
    } finally {
      inspections.mockRestore();
    }
  });

  it('a template: recorded when the template is made', async () => {
    const template = await createTemplate(ctx, accountId, {
      name: 'Scripted',
      documents: [{ filename: 'Scripted.pdf', bytes: await withOpenScript('template') }],
      roles: ['Client'],
      fields: [{ ...signatureField('Client', 600), document: 'Scripted.pdf' }],
    });
    const [kept] = await ctx.db
      .select()
      .from(templateDocuments)
      .where(eq(templateDocuments.templateId, template.templateId));
    expect(kept!.activeContentRemoved).toEqual(['open-action']);
    const res = await api.post(
      '/api/templates/send',
      {
        templateId: template.templateId,
        authRequirement: 'public',
        notify: false,
        signingRequests: [
          { recipients: [{ label: 'Client', name: 'Ann Alpha', email: 'ann@example.test' }] },
        ],
      },
      accessToken,
    );
    expect(res.status).toBe(200);
    const invite = ((await res.json()) as TemplateSent).invites[0]!;
    const inspections = vi.spyOn(ctx.pdf, 'activeContentOf');
    try {
      named(await completedCertificate(invite.sessionId, linkTokenOf(invite.participants[0]!)));
      expect(inspections).not.toHaveBeenCalled();
    } finally {
      inspections.mockRestore();
    }
  });

  it('a document prepared before the record existed: the source is inspected again', async () => {
    const bytes = await withOpenScript('legacy');
    const s = await sendOwnPdf(bytes);
    await ctx.db
      .update(preparedDocuments)
      .set({ activeContentRemoved: null })
      .where(eq(preparedDocuments.id, (await preparedOf(s.sessionId)).id));
    const inspections = vi.spyOn(ctx.pdf, 'activeContentOf');
    try {
      named(await completedCertificate(s.sessionId, s.tokens[0]!));
      expect(inspections).toHaveBeenCalledTimes(1);
    } finally {
      inspections.mockRestore();
    }
  });
});
