import { describe, expect, it } from 'vitest';
import {
  SessionsCancelRequestSchema,
  SessionsSendRequestSchema,
  SigningDeclineRequestSchema,
  TemplateManifestSchema,
  TemplateSendRequestSchema,
} from '../src/index.ts';
import { issueLines } from './helpers.ts';

const CONTROL = 'must not contain control characters';
const SURROGATE = 'must not contain unpaired surrogates';
const INVISIBLE = 'must contain visible characters, not only spaces or invisible ones';

const send = (name: string, title = 'Contract') => ({
  cloudFileIds: ['file-a'],
  title,
  signingRequests: [{ recipients: [{ name, email: 'a@example.com' }] }],
});

describe('readable text: one rule for names, titles, labels, subjects, messages and filenames', () => {
  it('refuses control characters, unpaired surrogates and invisible-only text, naming the path', () => {
    expect(issueLines(SessionsSendRequestSchema, send('Ada\u0007'))).toEqual([
      `signingRequests[0].recipients[0].name: ${CONTROL}`,
    ]);
    expect(issueLines(SessionsSendRequestSchema, send('Ada \ud800'))).toEqual([
      `signingRequests[0].recipients[0].name: ${SURROGATE}`,
    ]);
    expect(issueLines(SessionsSendRequestSchema, send('\u200b\u200b'))).toEqual([
      `signingRequests[0].recipients[0].name: ${INVISIBLE}`,
    ]);
    expect(issueLines(SessionsSendRequestSchema, send('Ada', ' \u2060\u202e '))).toEqual([
      `title: ${INVISIBLE}`,
    ]);
    // Names in every script, with combining marks, joiners and a right-to-left name, are fine.
    for (const name of ['Łódź Müller', '山田 太郎', 'राम क्‍ष', 'محمد علي', 'Zoë 👩‍💼']) {
      expect(issueLines(SessionsSendRequestSchema, send(name))).toEqual([]);
    }
  });

  it('applies to template sends, manifests and reasons; messages keep their line breaks', () => {
    const body = {
      templateId: 'tpl',
      signingRequests: [{ recipients: [{ label: 'Tenant', name: 'Ana', email: 'a@example.com' }] }],
      subject: 'Lease\n',
      message: 'Hello,\n\tplease sign.',
      senderName: '\u200b',
    };
    expect(issueLines(TemplateSendRequestSchema, body)).toEqual([
      `senderName: ${INVISIBLE}`,
      `subject: ${CONTROL}`,
    ]);
    const manifest = {
      name: 'Lease',
      documents: ['lease\u0000.pdf'],
      roles: ['Tenant'],
      fields: [
        { label: '\ufeff', type: 'text', document: 'lease.pdf', page: 1, x: 1, y: 1, width: 10, height: 10 },
      ],
    };
    expect(issueLines(TemplateManifestSchema, manifest)).toEqual([
      `documents[0]: ${CONTROL}`,
      `fields[0].label: ${INVISIBLE}`,
    ]);
    expect(issueLines(SigningDeclineRequestSchema, { reason: 'Wrong\r\ndate' })).toEqual([]);
    expect(issueLines(SigningDeclineRequestSchema, { reason: 'x\u001b[31m' })).toEqual([
      `reason: ${CONTROL}`,
    ]);
    expect(
      issueLines(SessionsCancelRequestSchema, {
        sessionId: '0b7f8a52-3c1d-4e2f-9a6b-1c2d3e4f5a6b',
        reason: '\u200d',
      }),
    ).toEqual([`reason: ${INVISIBLE}`]);
  });
});
