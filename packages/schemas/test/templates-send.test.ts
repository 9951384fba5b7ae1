import { describe, expect, it } from 'vitest';
import {
  CC_MAX,
  EMAIL_MAX_LENGTH,
  EXPIRES_IN_DAYS_MAX,
  FIELD_VALUE_MAX_LENGTH,
  FIELDS_MAX,
  MESSAGE_MAX_LENGTH,
  RECIPIENTS_MAX,
  REMINDER_DAY_MAX,
  REMINDER_DAYS_MAX_ITEMS,
  SIGNING_REQUESTS_MAX,
  TEMPLATE_ID_MAX_LENGTH,
  TEXT_MAX_LENGTH,
  TemplateSendRequestSchema,
  TemplateSendResponseSchema,
} from '../src/index.ts';
import {
  at,
  emailOfLength,
  issueLines,
  type Loose,
  mutate,
  rejectsEach,
  repeat,
  sharedSendCases,
} from './helpers.ts';

const recipient = (index: number) => ({
  label: `Role ${index}`,
  name: `Signer ${index}`,
  email: `s${index}@example.com`,
});

/** The smallest body the spec allows, plus a second recipient so index 1 exists. */
const minimal: Loose = {
  templateId: 'tpl_8f3a2c71',
  signingRequests: [
    {
      recipients: [recipient(0), recipient(1)],
      fields: [{ label: 'Monthly rent', value: '1450.00' }],
    },
  ],
};

describe('TemplateSendRequestSchema (4.2)', () => {
  it('applies every default of 4.2 (and 30 days for the unshown expiry default)', () => {
    expect(TemplateSendRequestSchema.parse(minimal)).toEqual({
      ...minimal,
      signingType: 'parallel',
      authRequirement: 'otp',
      sendInitialNotification: false,
      remindersEnabled: false,
      expiresInDays: 30,
      notify: true,
    });
  });

  it('keeps every property the spec shows, as given', () => {
    const full = {
      templateId: 'tpl_8f3a2c71',
      signingRequests: [
        {
          recipients: [{ label: 'Tenant', name: 'Ana Souza', email: 'ana.souza@example.com' }],
          fields: [
            { label: 'Start date', value: '2025-03-01', document: 'lease.pdf', recipient: 'Tenant' },
            { label: 'Pets allowed', value: 'false' },
            { label: 'Pets allowed 2', value: '' },
          ],
        },
        { recipients: [{ label: 'tenant', name: 'Ben Ode', email: 'ben@example.org' }] },
      ],
      signingType: 'sequential',
      authRequirement: 'public',
      senderName: 'Harbour Lettings',
      subject: null,
      message: 'Please sign.',
      messageTemplate: 'Hello {{name}}',
      cc: ['legal@example.com'],
      replyToEmail: 'lettings@example.com',
      sendInitialNotification: true,
      remindersEnabled: true,
      reminderDaysBeforeExpiry: [0, 3],
      expiresInDays: 365,
      notify: false,
    };
    expect(TemplateSendRequestSchema.parse(full)).toEqual(full);
    expect(TemplateSendRequestSchema.parse({ ...full, subject: 'Your lease' }).subject).toBe('Your lease');
    expect(TemplateSendRequestSchema.parse({ ...full, senderName: '', message: '' }).senderName).toBe('');
  });

  it('accepts every limit at its bound', () => {
    const body = mutate(minimal, (b) => {
      b.templateId = 'x'.repeat(TEMPLATE_ID_MAX_LENGTH);
      b.signingRequests = repeat(SIGNING_REQUESTS_MAX, () => ({ recipients: [recipient(0)] }));
      b.signingRequests[0] = {
        recipients: repeat(RECIPIENTS_MAX, recipient),
        fields: repeat(FIELDS_MAX, (i) => ({ label: `f${i}`, value: 'v'.repeat(FIELD_VALUE_MAX_LENGTH) })),
      };
      b.signingRequests[0].recipients[0].email = emailOfLength(EMAIL_MAX_LENGTH);
      b.signingRequests[0].recipients[0].name = 'n'.repeat(TEXT_MAX_LENGTH);
      b.cc = repeat(CC_MAX, (i) => `cc${i}@example.com`);
      b.reminderDaysBeforeExpiry = repeat(REMINDER_DAYS_MAX_ITEMS, () => REMINDER_DAY_MAX);
      b.message = 'm'.repeat(MESSAGE_MAX_LENGTH);
      b.expiresInDays = EXPIRES_IN_DAYS_MAX;
    });
    expect(issueLines(TemplateSendRequestSchema, body)).toEqual([]);
  });

  rejectsEach('rejects an unknown property at %s', TemplateSendRequestSchema, minimal, [
    at('root', 'grant_type', 'x', 'unknown property'),
    at('signingRequests[]', 'signingRequests[0].cc', [], 'unknown property'),
    at('recipients[]', 'signingRequests[0].recipients[1].phone', '+44', 'unknown property'),
    at('fields[]', 'signingRequests[0].fields[0].type', 'text', 'unknown property'),
  ]);

  rejectsEach('rejects %s', TemplateSendRequestSchema, minimal, [
    ...sharedSendCases(recipient),
    at('templateId missing', 'templateId', undefined, 'required'),
    at('templateId empty', 'templateId', '', 'must not be empty'),
    at(
      'templateId too long',
      'templateId',
      'x'.repeat(TEMPLATE_ID_MAX_LENGTH + 1),
      'must be at most 200 characters',
    ),
    at('templateId not a string', 'templateId', 7, 'must be a string'),
    at('signingRequests not an array', 'signingRequests', {}, 'must be an array'),
    at('entry not an object', 'signingRequests[0]', 'x', 'must be an object'),
    at('recipients missing', 'signingRequests[0].recipients', undefined, 'required'),
    at(
      'recipient email too long',
      'signingRequests[0].recipients[1].email',
      emailOfLength(EMAIL_MAX_LENGTH + 1),
      'must be at most 254 characters',
    ),
    at('recipient email missing', 'signingRequests[0].recipients[1].email', undefined, 'required'),
    at('recipient label empty', 'signingRequests[0].recipients[0].label', '', 'must not be empty'),
    at(
      'recipient label too long',
      'signingRequests[0].recipients[0].label',
      'x'.repeat(TEXT_MAX_LENGTH + 1),
      'must be at most 500 characters',
    ),
    at('recipient name missing', 'signingRequests[0].recipients[0].name', undefined, 'required'),
    at(
      'fields too many',
      'signingRequests[0].fields',
      repeat(FIELDS_MAX + 1, (i) => ({ label: `f${i}`, value: '' })),
      'must have at most 500 items',
    ),
    at('field label empty', 'signingRequests[0].fields[0].label', '', 'must not be empty'),
    at('field value missing', 'signingRequests[0].fields[0].value', undefined, 'required'),
    at('field value a boolean', 'signingRequests[0].fields[0].value', true, 'must be a string'),
    at(
      'field value too long',
      'signingRequests[0].fields[0].value',
      'v'.repeat(FIELD_VALUE_MAX_LENGTH + 1),
      'must be at most 10000 characters',
    ),
    at('field document empty', 'signingRequests[0].fields[0].document', '', 'must not be empty'),
    at('field recipient empty', 'signingRequests[0].fields[0].recipient', '', 'must not be empty'),
    at(
      'senderName too long',
      'senderName',
      's'.repeat(TEXT_MAX_LENGTH + 1),
      'must be at most 500 characters',
    ),
    at('subject a number', 'subject', 5, 'must be a string or null'),
    at('subject too long', 'subject', 's'.repeat(TEXT_MAX_LENGTH + 1), 'must be at most 500 characters'),
    at('message too long', 'message', 'm'.repeat(MESSAGE_MAX_LENGTH + 1), 'must be at most 10000 characters'),
    at(
      'messageTemplate too long',
      'messageTemplate',
      'm'.repeat(MESSAGE_MAX_LENGTH + 1),
      'must be at most 10000 characters',
    ),
    at('cc not an array', 'cc', 'a@example.com', 'must be an array'),
    ['cc item invalid', (b) => (b.cc = ['a@example.com', 'nope']), 'cc[1]: invalid email'],
    at(
      'cc too many',
      'cc',
      repeat(CC_MAX + 1, (i) => `cc${i}@example.com`),
      'must have at most 20 items',
    ),
    at('replyToEmail invalid', 'replyToEmail', 'lettings', 'invalid email'),
    at('replyToEmail not a string', 'replyToEmail', 1, 'must be a string'),
    at('sendInitialNotification a string', 'sendInitialNotification', 'yes', 'must be a boolean'),
    at('remindersEnabled null', 'remindersEnabled', null, 'must be a boolean'),
    [
      'reminder day negative',
      (b) => (b.reminderDaysBeforeExpiry = [3, -1]),
      'reminderDaysBeforeExpiry[1]: must be an integer of at least 0',
    ],
    [
      'reminder day fractional',
      (b) => (b.reminderDaysBeforeExpiry = [1.5]),
      'reminderDaysBeforeExpiry[0]: must be an integer of at least 0',
    ],
    [
      'reminder day too far',
      (b) => (b.reminderDaysBeforeExpiry = [REMINDER_DAY_MAX + 1]),
      'reminderDaysBeforeExpiry[0]: must be at most 365',
    ],
    at(
      'reminder days too many',
      'reminderDaysBeforeExpiry',
      repeat(REMINDER_DAYS_MAX_ITEMS + 1, (i) => i),
      'must have at most 10 items',
    ),
    at('expiresInDays zero', 'expiresInDays', 0, 'must be an integer greater than 0'),
    at('expiresInDays fractional', 'expiresInDays', 1.5, 'must be an integer greater than 0'),
    at('expiresInDays a string', 'expiresInDays', '30', 'must be an integer greater than 0'),
    at('expiresInDays huge', 'expiresInDays', 1e20, 'must be at most 365'),
    at('notify a string', 'notify', 'true', 'must be a boolean'),
  ]);

  it('reports every problem of a body at once, each with its path', () => {
    const body = mutate(minimal, (b) => {
      b.signingRequests[0].recipients[1].email = 'x';
      b.signingRequests[0].fields[0].label = '';
      b.expiresInDays = 0;
      b.extra = true;
    });
    expect(issueLines(TemplateSendRequestSchema, body)).toEqual([
      'signingRequests[0].recipients[1].email: invalid email',
      'signingRequests[0].fields[0].label: must not be empty',
      'expiresInDays: must be an integer greater than 0',
      'extra: unknown property',
    ]);
  });
});

describe('TemplateSendResponseSchema (4.2)', () => {
  const body: Loose = {
    instantiation: {
      bulkSendBatchId: 'bsb_1',
      sessions: [
        { rowIndex: 0, status: 'created', sessionId: 's1', documentIds: ['d1'] },
        { rowIndex: 1, status: 'error', documentIds: [], error: 'unknown_recipient_label' },
      ],
    },
    invites: [
      {
        sessionId: 's1',
        title: 'Lease',
        inviteStatus: 'skipped',
        participants: [
          {
            participantId: 'p1',
            email: 'a@example.com',
            name: 'A',
            status: 'skipped',
            signingUrl: 'https://x/s/t',
          },
        ],
      },
    ],
  };

  it('accepts the spec shape, optional properties left out', () => {
    expect(TemplateSendResponseSchema.parse(body)).toEqual(body);
    const bare = {
      instantiation: { sessions: [{ status: 'created', documentIds: [] }] },
      invites: [{ sessionId: 's1', inviteStatus: 'sent', participants: [] }],
    };
    expect(TemplateSendResponseSchema.parse(bare)).toEqual(bare);
  });

  it.each<[(b: Loose) => void, string]>([
    [(b) => (b.extra = 1), 'extra: unknown property'],
    [(b) => (b.instantiation.extra = 1), 'instantiation.extra: unknown property'],
    [(b) => (b.instantiation.sessions[0].extra = 1), 'instantiation.sessions[0].extra: unknown property'],
    [(b) => (b.invites[0].extra = 1), 'invites[0].extra: unknown property'],
    [(b) => (b.invites[0].participants[0].extra = 1), 'invites[0].participants[0].extra: unknown property'],
    [
      (b) => (b.instantiation.sessions[0].status = 'sent'),
      'instantiation.sessions[0].status: must be one of: created, error',
    ],
    [
      (b) => delete b.instantiation.sessions[1].documentIds,
      'instantiation.sessions[1].documentIds: required',
    ],
    [
      (b) => (b.invites[0].inviteStatus = 'failed'),
      'invites[0].inviteStatus: must be one of: sent, error, skipped',
    ],
    [
      (b) => (b.invites[0].participants[0].status = 'error'),
      'invites[0].participants[0].status: must be one of: sent, failed, skipped',
    ],
  ])('rejects %#: %s', (change, line) => {
    expect(issueLines(TemplateSendResponseSchema, mutate(body, change))).toEqual([line]);
  });
});
