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
  emailOfLength,
  issueLines,
  type Loose,
  mutate,
  type RejectCase,
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

  it.each<RejectCase>([
    ['root', (b) => (b.grant_type = 'x'), 'grant_type: unknown property'],
    ['signingRequests[]', (b) => (b.signingRequests[0].cc = []), 'signingRequests[0].cc: unknown property'],
    [
      'recipients[]',
      (b) => (b.signingRequests[0].recipients[1].phone = '+44'),
      'signingRequests[0].recipients[1].phone: unknown property',
    ],
    [
      'fields[]',
      (b) => (b.signingRequests[0].fields[0].type = 'text'),
      'signingRequests[0].fields[0].type: unknown property',
    ],
  ])('rejects an unknown property at %s', (_, change, line) => {
    expect(issueLines(TemplateSendRequestSchema, mutate(minimal, change))).toEqual([line]);
  });

  it.each<RejectCase>([
    ...sharedSendCases(recipient),
    ['templateId missing', (b) => delete b.templateId, 'templateId: required'],
    ['templateId empty', (b) => (b.templateId = ''), 'templateId: must not be empty'],
    [
      'templateId too long',
      (b) => (b.templateId = 'x'.repeat(TEMPLATE_ID_MAX_LENGTH + 1)),
      'templateId: must be at most 200 characters',
    ],
    ['templateId not a string', (b) => (b.templateId = 7), 'templateId: must be a string'],
    ['signingRequests not an array', (b) => (b.signingRequests = {}), 'signingRequests: must be an array'],
    ['entry not an object', (b) => (b.signingRequests[0] = 'x'), 'signingRequests[0]: must be an object'],
    [
      'recipients missing',
      (b) => delete b.signingRequests[0].recipients,
      'signingRequests[0].recipients: required',
    ],
    [
      'recipient email too long',
      (b) => (b.signingRequests[0].recipients[1].email = emailOfLength(EMAIL_MAX_LENGTH + 1)),
      'signingRequests[0].recipients[1].email: must be at most 254 characters',
    ],
    [
      'recipient email missing',
      (b) => delete b.signingRequests[0].recipients[1].email,
      'signingRequests[0].recipients[1].email: required',
    ],
    [
      'recipient label empty',
      (b) => (b.signingRequests[0].recipients[0].label = ''),
      'signingRequests[0].recipients[0].label: must not be empty',
    ],
    [
      'recipient label too long',
      (b) => (b.signingRequests[0].recipients[0].label = 'x'.repeat(TEXT_MAX_LENGTH + 1)),
      'signingRequests[0].recipients[0].label: must be at most 500 characters',
    ],
    [
      'recipient name missing',
      (b) => delete b.signingRequests[0].recipients[0].name,
      'signingRequests[0].recipients[0].name: required',
    ],
    [
      'fields too many',
      (b) => (b.signingRequests[0].fields = repeat(FIELDS_MAX + 1, (i) => ({ label: `f${i}`, value: '' }))),
      'signingRequests[0].fields: must have at most 500 items',
    ],
    [
      'field label empty',
      (b) => (b.signingRequests[0].fields[0].label = ''),
      'signingRequests[0].fields[0].label: must not be empty',
    ],
    [
      'field value missing',
      (b) => delete b.signingRequests[0].fields[0].value,
      'signingRequests[0].fields[0].value: required',
    ],
    [
      'field value a boolean',
      (b) => (b.signingRequests[0].fields[0].value = true),
      'signingRequests[0].fields[0].value: must be a string',
    ],
    [
      'field value too long',
      (b) => (b.signingRequests[0].fields[0].value = 'v'.repeat(FIELD_VALUE_MAX_LENGTH + 1)),
      'signingRequests[0].fields[0].value: must be at most 10000 characters',
    ],
    [
      'field document empty',
      (b) => (b.signingRequests[0].fields[0].document = ''),
      'signingRequests[0].fields[0].document: must not be empty',
    ],
    [
      'field recipient empty',
      (b) => (b.signingRequests[0].fields[0].recipient = ''),
      'signingRequests[0].fields[0].recipient: must not be empty',
    ],
    [
      'senderName too long',
      (b) => (b.senderName = 's'.repeat(TEXT_MAX_LENGTH + 1)),
      'senderName: must be at most 500 characters',
    ],
    ['subject a number', (b) => (b.subject = 5), 'subject: must be a string or null'],
    [
      'subject too long',
      (b) => (b.subject = 's'.repeat(TEXT_MAX_LENGTH + 1)),
      'subject: must be at most 500 characters',
    ],
    [
      'message too long',
      (b) => (b.message = 'm'.repeat(MESSAGE_MAX_LENGTH + 1)),
      'message: must be at most 10000 characters',
    ],
    [
      'messageTemplate too long',
      (b) => (b.messageTemplate = 'm'.repeat(MESSAGE_MAX_LENGTH + 1)),
      'messageTemplate: must be at most 10000 characters',
    ],
    ['cc not an array', (b) => (b.cc = 'a@example.com'), 'cc: must be an array'],
    ['cc item invalid', (b) => (b.cc = ['a@example.com', 'nope']), 'cc[1]: invalid email'],
    [
      'cc too many',
      (b) => (b.cc = repeat(CC_MAX + 1, (i) => `cc${i}@example.com`)),
      'cc: must have at most 20 items',
    ],
    ['replyToEmail invalid', (b) => (b.replyToEmail = 'lettings'), 'replyToEmail: invalid email'],
    ['replyToEmail not a string', (b) => (b.replyToEmail = 1), 'replyToEmail: must be a string'],
    [
      'sendInitialNotification a string',
      (b) => (b.sendInitialNotification = 'yes'),
      'sendInitialNotification: must be a boolean',
    ],
    ['remindersEnabled null', (b) => (b.remindersEnabled = null), 'remindersEnabled: must be a boolean'],
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
    [
      'reminder days too many',
      (b) => (b.reminderDaysBeforeExpiry = repeat(REMINDER_DAYS_MAX_ITEMS + 1, (i) => i)),
      'reminderDaysBeforeExpiry: must have at most 10 items',
    ],
    ['expiresInDays zero', (b) => (b.expiresInDays = 0), 'expiresInDays: must be an integer greater than 0'],
    [
      'expiresInDays fractional',
      (b) => (b.expiresInDays = 1.5),
      'expiresInDays: must be an integer greater than 0',
    ],
    [
      'expiresInDays a string',
      (b) => (b.expiresInDays = '30'),
      'expiresInDays: must be an integer greater than 0',
    ],
    ['expiresInDays huge', (b) => (b.expiresInDays = 1e20), 'expiresInDays: must be at most 365'],
    ['notify a string', (b) => (b.notify = 'true'), 'notify: must be a boolean'],
  ])('rejects %s', (_, change, line) => {
    expect(issueLines(TemplateSendRequestSchema, mutate(minimal, change))).toEqual([line]);
  });

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
