import { finalize, type SealOptions } from '@countersign/pdf-engine';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** The audit chain head the test seals carry (a fixed 64-hex value). */
export const HEAD = 'c0ffee'.repeat(11).slice(0, 64);

async function prepared(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('An agreement', { x: 72, y: 720, size: 16, font });
  return doc.save();
}

/** A one-page agreement finalized by the engine with the given seal (certificate, optional TSA). */
export async function sealWith(seal: Omit<SealOptions, 'reason' | 'name'>) {
  return finalize(
    await prepared(),
    {
      fields: [],
      audit: {
        sessionId: 'b0b0b0b0-1111-4222-8333-444455556666',
        status: 'completed',
        completedAt: new Date('2026-03-04T05:06:07Z'),
        originalSha256: 'ab'.repeat(32),
        auditChainHead: HEAD,
        signers: [],
      },
    },
    {
      reason: 'Signed',
      name: 'Countersign',
      auditChainHead: HEAD,
      signingTime: new Date('2026-03-04T05:06:07Z'),
      ...seal,
    },
  );
}
