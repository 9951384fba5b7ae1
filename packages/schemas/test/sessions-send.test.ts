import { describe, expect, it } from 'vitest';
import {
  CLOUD_FILE_ID_MAX_LENGTH,
  CLOUD_FILE_IDS_MAX,
  ORDER_MAX,
  RECIPIENTS_MAX,
  SessionsSendRequestSchema,
  SessionsSendResponseSchema,
  SIGNING_REQUESTS_MAX,
  TEXT_MAX_LENGTH,
} from '../src/index.ts';
import { at, issueLines, type Loose, mutate, rejectsEach, repeat, sharedSendCases } from './helpers.ts';

const recipient = (index: number) => ({ name: `Signer ${index}`, email: `s${index}@example.com` });

const minimal: Loose = {
  cloudFileIds: ['1Zx8kQ4rT7yWm2NvB5cD9eFgHjK3LpQ0s'],
  signingRequests: [{ recipients: [recipient(0), { ...recipient(1), order: 2 }] }],
};

describe('SessionsSendRequestSchema (4.3)', () => {
  it('applies the defaults of 4.3 and leaves title to the service', () => {
    const parsed = SessionsSendRequestSchema.parse(minimal);
    expect(parsed).toEqual({
      ...minimal,
      signingType: 'parallel',
      authRequirement: 'otp',
      expiresInDays: 30,
      notify: false,
    });
    expect('title' in parsed).toBe(false);
  });

  it('keeps every property the spec shows, as given', () => {
    const full = {
      cloudFileIds: ['file-a', 'file-b'],
      title: 'Employment contract',
      signingRequests: [
        {
          recipients: [
            { name: 'Jonas Berg', email: 'jonas@example.com', order: 1 },
            { name: 'Mira Patel', email: 'mira@example.com', order: 2 },
          ],
        },
        { recipients: [{ name: 'Li Wei', email: 'li@example.com' }] },
      ],
      signingType: 'sequential',
      authRequirement: 'public',
      expiresInDays: 7,
      notify: true,
    };
    expect(SessionsSendRequestSchema.parse(full)).toEqual(full);
  });

  it('accepts every limit at its bound', () => {
    const body = mutate(minimal, (b) => {
      b.cloudFileIds = repeat(CLOUD_FILE_IDS_MAX, (i) => `${i}`.padEnd(CLOUD_FILE_ID_MAX_LENGTH, 'x'));
      b.title = 't'.repeat(TEXT_MAX_LENGTH);
      b.signingRequests = repeat(SIGNING_REQUESTS_MAX, () => ({ recipients: [recipient(0)] }));
      b.signingRequests[0].recipients = repeat(RECIPIENTS_MAX, (i) => ({
        ...recipient(i),
        order: ORDER_MAX - i,
      }));
    });
    expect(issueLines(SessionsSendRequestSchema, body)).toEqual([]);
  });

  rejectsEach('rejects an unknown property at %s', SessionsSendRequestSchema, minimal, [
    at('root', 'templateId', 'x', 'unknown property'),
    at('signingRequests[]', 'signingRequests[0].fields', [], 'unknown property'),
    at('recipients[]', 'signingRequests[0].recipients[1].label', 'Tenant', 'unknown property'),
  ]);

  rejectsEach('rejects %s', SessionsSendRequestSchema, minimal, [
    ...sharedSendCases(recipient),
    at('cloudFileIds missing', 'cloudFileIds', undefined, 'required'),
    at('cloudFileIds empty', 'cloudFileIds', [], 'must not be empty'),
    at(
      'cloudFileIds too many',
      'cloudFileIds',
      repeat(CLOUD_FILE_IDS_MAX + 1, (i) => `f${i}`),
      'must have at most 20 items',
    ),
    ['cloudFileIds item empty', (b) => (b.cloudFileIds = ['a', '']), 'cloudFileIds[1]: must not be empty'],
    [
      'cloudFileIds item too long',
      (b) => (b.cloudFileIds = ['x'.repeat(CLOUD_FILE_ID_MAX_LENGTH + 1)]),
      'cloudFileIds[0]: must be at most 1024 characters',
    ],
    at('title empty', 'title', '', 'must not be empty'),
    at('title too long', 'title', 't'.repeat(TEXT_MAX_LENGTH + 1), 'must be at most 500 characters'),
    at('order zero', 'signingRequests[0].recipients[1].order', 0, 'must be an integer greater than 0'),
    at(
      'order fractional',
      'signingRequests[0].recipients[1].order',
      1.5,
      'must be an integer greater than 0',
    ),
    at('order too big', 'signingRequests[0].recipients[1].order', ORDER_MAX + 1, 'must be at most 1000'),
    at('expiresInDays negative', 'expiresInDays', -3, 'must be an integer greater than 0'),
    at('notify a number', 'notify', 1, 'must be a boolean'),
  ]);
});

describe('SessionsSendResponseSchema (4.3, 200 and 207)', () => {
  const body: Loose = {
    rows: [
      {
        row: 0,
        status: 'sent',
        sessionId: '9d2b7e40-1c3a-4f6e-8b51-2a7c9e0d4f63',
        documents: [
          { documentId: 'd1', cloudFileId: 'f1', filename: 'a.pdf', sourceFileSafeToDelete: false },
        ],
        participants: [
          { participantId: 'p1', email: 'a@example.com', signingUrl: 'https://x/s/t', displayName: 'A' },
          { participantId: 'p2', email: 'b@example.com', signingUrl: null },
        ],
      },
      { row: 1, status: 'failed', error: 'send_failed', message: 'the session could not be created' },
    ],
  };

  it('accepts the 207 shape, with null cloudFileId and signingUrl', () => {
    expect(SessionsSendResponseSchema.parse(body)).toEqual(body);
    const nullFile = mutate(body, (b) => (b.rows[0].documents[0].cloudFileId = null));
    expect(issueLines(SessionsSendResponseSchema, nullFile)).toEqual([]);
  });

  it.each<[(b: Loose) => void, string]>([
    [(b) => (b.extra = 1), 'extra: unknown property'],
    [(b) => (b.rows[1].extra = 1), 'rows[1].extra: unknown property'],
    [(b) => (b.rows[0].documents[0].extra = 1), 'rows[0].documents[0].extra: unknown property'],
    [(b) => (b.rows[0].participants[0].extra = 1), 'rows[0].participants[0].extra: unknown property'],
    [(b) => delete b.rows[0].participants[1].signingUrl, 'rows[0].participants[1].signingUrl: required'],
    [(b) => delete b.rows[0].documents[0].cloudFileId, 'rows[0].documents[0].cloudFileId: required'],
    [(b) => (b.rows[1].status = 'error'), 'rows[1].status: must be one of: sent, failed'],
    [(b) => (b.rows[1].row = -1), 'rows[1].row: must be an integer of at least 0'],
  ])('rejects %#: %s', (change, line) => {
    expect(issueLines(SessionsSendResponseSchema, mutate(body, change))).toEqual([line]);
  });
});
