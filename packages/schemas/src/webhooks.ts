import { z } from '@hono/zod-openapi';
import { arrayOf, booleanValue, oneOf, PathIdSchema, strictObject } from './common.ts';
import { isoTime, listOf, pageOf, pageQueryFields } from './read-fields.ts';
import { PurgedDocumentSchema } from './retention.ts';

// Webhook registration, delivery log and event bodies. The spec (part 6) leaves all of this open:
// "event type names, payload fields, signed string, registration, retries: not shown".

export const webhookEventTypes = [
  'session.signed',
  'session.declined',
  'session.completed',
  'session.cancelled',
  'session.expired',
  'session.completion_failed',
  'session.purged',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const WebhookEventTypeSchema = oneOf(webhookEventTypes).openapi('WebhookEventType', {
  description:
    '`session.signed`: one participant signed. `session.declined`: a participant declined (the session ends). ' +
    '`session.completed`: every participant signed; the sealed PDFs are ready. `session.cancelled`: cancelled ' +
    'through the API. `session.expired`: `expiresInDays` passed before everyone signed. ' +
    '`session.completion_failed` (extension): every participant signed but the sealed PDFs could not be produced ' +
    'after the bounded attempts; `reason` says why; the session is `failed` until the operator retries or it is cancelled. ' +
    '`session.purged` (extension): the session was purged (on request or by retention); `purge` carries the ' +
    "tombstone: the documents' hashes and the audit chain head.",
});

/** Longest webhook URL accepted: generous for query strings, small enough to show in a list. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

const webhookId = z
  .string()
  .openapi({ description: 'Id of the webhook endpoint.', example: '5b0e4c1e-8d2f-4a57-9c3e-0f6a1b2c3d4e' });
const secret = z.string().openapi({
  description:
    '`whsec_` + base64 of 32 random bytes; the HMAC key is the base64-decoded part. Shown only here: store it ' +
    'now. The service keeps it encrypted, never in clear.',
  example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0VYlMxSNeLs=',
});

export const WebhookCreateRequestSchema = strictObject({
  url: z
    .string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be a string') })
    .min(1, { error: 'must not be empty' })
    .max(WEBHOOK_URL_MAX_LENGTH, { error: `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters` })
    .openapi({
      description:
        'http or https URL the events are POSTed to. Hosts that are or resolve to loopback, private, link-local ' +
        '(cloud metadata included), CGNAT, multicast or reserved addresses are refused (400 `unsafe_webhook_url`), ' +
        'here and again at every delivery.',
      example: 'https://hooks.example.com/countersign',
    }),
  events: arrayOf(WebhookEventTypeSchema, { min: 1, max: 20 }).optional().openapi({
    description:
      'Event types to deliver (duplicates are ignored). Absent: every type, including types added later.',
  }),
}).openapi('WebhookCreateRequest', {
  description: 'Registers a webhook endpoint for the authenticated account.',
  example: {
    url: 'https://hooks.example.com/countersign',
    events: ['session.completed', 'session.declined'],
  },
});
export type WebhookCreateRequest = z.output<typeof WebhookCreateRequestSchema>;

export const WebhookUpdateRequestSchema = strictObject({
  events: arrayOf(WebhookEventTypeSchema, { min: 1, max: 20 }).nullable().optional().openapi({
    description: 'Event types to deliver from now on; null: every type, including types added later.',
  }),
  enabled: booleanValue()
    .optional()
    .openapi({
      description:
        '`false` stops deliveries (new events are not queued for it; queued ones are skipped). `true` enables it ' +
        'again, as `POST /api/webhooks/{webhookId}/enable` does.',
    }),
})
  .refine((body) => body.events !== undefined || body.enabled !== undefined, {
    error: 'give `events`, `enabled` or both',
  })
  .openapi('WebhookUpdateRequest', {
    description:
      'Changes the event types of an endpoint, or turns it off and on. Absent properties keep their value.',
    example: { events: ['session.completed'], enabled: true },
  });
export type WebhookUpdateRequest = z.output<typeof WebhookUpdateRequestSchema>;

export const WebhookEndpointSchema = z
  .object({
    webhookId,
    url: z.string(),
    events: z.array(WebhookEventTypeSchema).openapi({
      description:
        'Types delivered. An endpoint registered without `events` lists every current type (and gets later ones too).',
    }),
    status: z.enum(['enabled', 'disabled']).openapi({
      description:
        '`disabled`: nothing is delivered until `POST /api/webhooks/{webhookId}/enable`; `disabledReason` says why.',
    }),
    disabledReason: z.string().nullable().openapi({
      description:
        'Why the service disabled the endpoint: it answered 410 Gone, or it failed for over 3 days.',
      example: 'every delivery failed for over 3 days (since 2026-11-19T08:00:00.000Z); last error: HTTP 503',
    }),
    disabledAt: isoTime.nullable(),
    failingSince: isoTime.nullable().openapi({
      description: 'First failed attempt of the current failing streak; null once a delivery succeeds.',
    }),
    previousSecretExpiresAt: isoTime.nullable().openapi({
      description: 'After a rotation, the old secret keeps signing (a second signature) until this time.',
    }),
    createdAt: isoTime,
  })
  .openapi('WebhookEndpoint', { description: 'A webhook endpoint. Never carries the secret.' });
export type WebhookEndpoint = z.output<typeof WebhookEndpointSchema>;

export const WebhookCreatedSchema = z
  .object({ webhookId, url: z.string(), events: z.array(WebhookEventTypeSchema), secret, createdAt: isoTime })
  .openapi('WebhookCreated', {
    description: 'The new endpoint and its signing secret (shown only once).',
    example: {
      webhookId: '5b0e4c1e-8d2f-4a57-9c3e-0f6a1b2c3d4e',
      url: 'https://hooks.example.com/countersign',
      events: ['session.completed', 'session.declined'],
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0VYlMxSNeLs=',
      createdAt: '2026-11-22T12:00:00.000Z',
    },
  });
export type WebhookCreated = z.output<typeof WebhookCreatedSchema>;

export const WebhookListSchema = listOf('webhooks', WebhookEndpointSchema, 'WebhookList', {
  description: "The account's webhook endpoints, oldest first.",
});
export type WebhookList = z.output<typeof WebhookListSchema>;

export const WebhookSecretRotatedSchema = z
  .object({
    webhookId,
    secret,
    previousSecretExpiresAt: isoTime.openapi({
      description:
        'Until then every delivery carries two signatures, one per secret; afterwards only the new one.',
    }),
  })
  .openapi('WebhookSecretRotated', { description: 'The new signing secret (shown only once).' });
export type WebhookSecretRotated = z.output<typeof WebhookSecretRotatedSchema>;

/** The type of the event `POST /api/webhooks/{webhookId}/test` sends: never subscribed to, sent on request. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const WebhookDeliveryEventTypeSchema = oneOf([...webhookEventTypes, WEBHOOK_TEST_EVENT_TYPE]).openapi(
  'WebhookDeliveryEventType',
  { description: 'A session event type, or `webhook.test` for a test event.' },
);
export type WebhookDeliveryEventType = z.output<typeof WebhookDeliveryEventTypeSchema>;

export const WebhookDeliverySchema = z
  .object({
    deliveryId: z.string(),
    eventId: z
      .string()
      .openapi({ description: 'The event id, also sent as `webhook-id`: the same on every attempt.' }),
    eventType: WebhookDeliveryEventTypeSchema,
    attempt: z
      .int()
      .openapi({ description: '1 for the first attempt of a delivery; a redelivery starts again at 1.' }),
    outcome: z.enum(['succeeded', 'failed', 'skipped']).openapi({
      description:
        '`succeeded`: a 2xx answer. `failed`: anything else. `skipped`: not sent, the endpoint was disabled.',
    }),
    httpStatus: z
      .int()
      .nullable()
      .openapi({ description: 'Status of the answer; null when none arrived (timeout, refused).' }),
    durationMs: z.int(),
    error: z
      .string()
      .nullable()
      .openapi({ description: 'Why the attempt failed, with the start of the answer body.' }),
    requestBody: z
      .string()
      .nullable()
      .openapi({
        description:
          'The JSON body POSTed, exactly as sent (every attempt of an event sends the same bytes); null if the ' +
          'stored event can no longer be read (another data key).',
      }),
    at: isoTime,
  })
  .openapi('WebhookDelivery', { description: 'One delivery attempt.' });
export type WebhookDelivery = z.output<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = pageOf('deliveries', WebhookDeliverySchema, 'WebhookDeliveryList', {
  description: 'Delivery attempts, newest first.',
});
export type WebhookDeliveryList = z.output<typeof WebhookDeliveryListSchema>;

export const WebhookDeliveryListQuerySchema = z.strictObject({
  ...pageQueryFields(),
});
export type WebhookDeliveryListQuery = z.output<typeof WebhookDeliveryListQuerySchema>;

export const WebhookRedeliveryQueuedSchema = z
  .object({
    webhookId,
    eventId: z
      .string()
      .openapi({ description: 'The same event id as the original: receivers can drop a duplicate.' }),
    eventType: WebhookDeliveryEventTypeSchema,
  })
  .openapi('WebhookRedeliveryQueued', {
    description: 'The event is queued for delivery again, with the usual retries; watch the deliveries list.',
  });
export type WebhookRedeliveryQueued = z.output<typeof WebhookRedeliveryQueuedSchema>;

export const WebhookIdParamsSchema = z.object({
  webhookId: PathIdSchema.openapi({ param: { name: 'webhookId', in: 'path' } }),
});
export const WebhookDeliveryParamsSchema = WebhookIdParamsSchema.extend({
  deliveryId: PathIdSchema.openapi({ param: { name: 'deliveryId', in: 'path' } }),
});

// The body of every delivery.

export const WebhookEventParticipantSchema = z
  .object({
    participantId: z.string(),
    name: z.string(),
    email: z.string(),
    status: z
      .string()
      .openapi({ description: 'The participant status after the event (`signed`, `declined`).' }),
  })
  .openapi('WebhookEventParticipant');

export const WebhookEventSchema = z
  .object({
    id: z
      .string()
      .openapi({ description: 'Event id (`evt_...`), also the `webhook-id` header: deduplicate on it.' }),
    type: WebhookEventTypeSchema,
    createdAt: isoTime.openapi({
      description: 'When the state change happened (not when this attempt was sent).',
    }),
    data: z.object({
      sessionId: z.string(),
      title: z.string(),
      bulkSendBatchId: z
        .string()
        .optional()
        .openapi({ description: 'Present for sessions of a multi-entry template send.' }),
      participant: WebhookEventParticipantSchema.optional().openapi({
        description: 'Who signed or declined (`session.signed`, `session.declined`).',
      }),
      documents: z.array(
        z.object({
          documentId: z.string(),
          filename: z.string(),
          signed: z.boolean().openapi({ description: 'True once the sealed, signed PDF is available.' }),
          downloadUrl: z.string().openapi({ description: 'GET with a bearer access token of the account.' }),
        }),
      ),
      reason: z.string().optional().openapi({
        description:
          'Cancellation or decline reason, when one was given; the last error for `session.completion_failed`.',
      }),
      auditChainHead: z
        .string()
        .optional()
        .openapi({
          description:
            'Extension, `session.completed`: hash of the session.completed audit event, the head of the hash-chained ' +
            'audit trail (GET /api/sessions/{sessionId}/audit ends in it).',
        }),
      purge: z
        .object({
          reason: z.enum(['requested', 'retention']),
          purgedAt: isoTime,
          auditEvents: z.int().nullable(),
          documents: z.array(PurgedDocumentSchema),
        })
        .optional()
        .openapi({
          description:
            'Extension, `session.purged`: why, when, how many audit events were deleted and the hashes kept ' +
            "(`auditChainHead` is the deleted trail's head).",
        }),
      test: z.literal(true).optional().openapi({
        description:
          'Present (true) on the events of a test session, sent with a test token (docs/test-mode.md).',
      }),
    }),
  })
  .openapi('WebhookEvent', {
    description:
      'POSTed as JSON with `X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256(key, "<t>.<raw body>")>` and the ' +
      'Standard Webhooks headers `webhook-id`, `webhook-timestamp`, `webhook-signature`.',
    example: {
      id: 'evt_3f1c9a0e5b7d4c2a8e6f1b0d9c7a5e3f',
      type: 'session.completed',
      createdAt: '2026-11-22T12:00:00.000Z',
      data: {
        sessionId: '9d2b7e40-1c3a-4f6e-8b51-2a7c9e0d4f63',
        title: 'Employment contract',
        documents: [
          {
            documentId: '0c6f2a9e-3b1d-4e8f-a7c5-9d2b4e6f8a0c',
            filename: 'contract.pdf',
            signed: true,
            downloadUrl:
              'https://sign.example.com/api/sessions/9d2b7e40-1c3a-4f6e-8b51-2a7c9e0d4f63/documents/0c6f2a9e-3b1d-4e8f-a7c5-9d2b4e6f8a0c',
          },
        ],
      },
    },
  });
export type WebhookEventBody = z.output<typeof WebhookEventSchema>;

export const WebhookTestEventSchema = z
  .object({
    id: z.string().openapi({ description: 'Event id (`evt_...`), also the `webhook-id` header.' }),
    type: z.literal(WEBHOOK_TEST_EVENT_TYPE),
    createdAt: isoTime,
    data: z.object({
      webhookId,
      message: z.string(),
    }),
  })
  .openapi('WebhookTestEvent', {
    description:
      'Sent by `POST /api/webhooks/{webhookId}/test` to that endpoint only, signed and delivered like any event ' +
      '(retries included). It concerns no session: acknowledge it and ignore it.',
    example: {
      id: 'evt_8a0c6e2b4d1f4a3c9e7b5d3f1a2c4e6b',
      type: WEBHOOK_TEST_EVENT_TYPE,
      createdAt: '2026-11-22T12:00:00.000Z',
      data: {
        webhookId: '5b0e4c1e-8d2f-4a57-9c3e-0f6a1b2c3d4e',
        message: 'A test event from Countersign: the endpoint receives and verifies events.',
      },
    },
  });
export type WebhookTestEvent = z.output<typeof WebhookTestEventSchema>;

export const WebhookTestQueuedSchema = z
  .object({ webhookId, eventId: z.string(), eventType: z.literal(WEBHOOK_TEST_EVENT_TYPE) })
  .openapi('WebhookTestQueued', {
    description: 'The test event is queued for delivery now; its attempt appears in the deliveries list.',
  });
export type WebhookTestQueued = z.output<typeof WebhookTestQueuedSchema>;

/**
 * An outbox row of kind `webhook`: one event for one endpoint (written by the session lifecycle, read by the
 * deliverer, which sends the stored event itself so every attempt has the same bytes).
 */
export const WebhookOutboxPayloadSchema = z.object({
  endpointId: z.string().min(1),
  /** Readable beside the sealed payload: a purge deletes the session's rows. */
  sessionId: z.string().optional(),
  event: z.union([WebhookEventSchema.loose(), WebhookTestEventSchema.loose()]),
});
export type WebhookOutboxPayload = z.output<typeof WebhookOutboxPayloadSchema>;
