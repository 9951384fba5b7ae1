import { randomUUID } from 'node:crypto';
import type { MailMessage } from './message.ts';

/** A valid message with a fresh Message-ID, to one signer: what the mail tests send, with their overrides. */
export function makeMessage(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    messageId: `<${randomUUID()}@countersign.test>`,
    from: { name: 'Countersign', address: 'noreply@countersign.test' },
    to: ['signer@example.test'],
    subject: 'Please sign: NDA',
    text: 'Open the link to sign.',
    html: '<p>Open the <a href="https://countersign.test/s/abc">link</a> to sign.</p>',
    ...overrides,
  };
}
