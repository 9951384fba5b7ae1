import type { components, paths } from './generated/openapi.ts';

/** Every schema of the served OpenAPI document, by component name. */
export type Schemas = components['schemas'];
export type { components, paths };

/** Every machine-readable `error` code the API answers with. */
export type ErrorCode = Schemas['ErrorCode'];

export type TokenResponse = Schemas['TokenResponse'];
export type TemplateSendRequest = Schemas['TemplateSendRequest'];
export type TemplateSendResponse = Schemas['TemplateSendResponse'];
export type SessionsSendRequest = Schemas['SessionsSendRequest'];
export type SessionsSendResponse = Schemas['SessionsSendResponse'];
export type SessionsCancelRequest = Schemas['SessionsCancelRequest'];
export type SessionsCancelResponse = Schemas['SessionsCancelResponse'];
export type SessionSummary = Schemas['SessionSummary'];
export type Account = Schemas['Account'];
export type SendProgress = Schemas['SendProgress'];
export type SessionReport = Schemas['SessionReport'];
/** The query of `GET /api/reports/sessions`. */
export type SessionReportQuery = NonNullable<paths['/api/reports/sessions']['get']['parameters']['query']>;
export type AccountUpdateRequest = Schemas['AccountUpdateRequest'];
export type SessionListItem = Schemas['SessionListItem'];
export type SessionsRemindResponse = Schemas['SessionsRemindResponse'];
export type SessionDetail = Schemas['SessionDetail'];
export type SessionList = Schemas['SessionList'];
export type DriveFileList = Schemas['DriveFileList'];
export type TemplateList = Schemas['TemplateList'];
export type TemplateCreated = Schemas['TemplateCreated'];
export type TemplateDuplicateRequest = Schemas['TemplateDuplicateRequest'];
export type TemplateTagsRequest = Schemas['TemplateTagsRequest'];
export type TemplateManifest = Schemas['TemplateManifest'];
export type WebhookEvent = Schemas['WebhookEvent'];
/** What `POST /api/webhooks/{id}/test` delivers: not about a session. */
export type WebhookTestEvent = Schemas['WebhookTestEvent'];
export type WebhookEventType = Schemas['WebhookEventType'];

/** The query of `GET /api/sessions` (filters and page size; the cursor is the iterator's business). */
export type SessionListQuery = Omit<
  NonNullable<paths['/api/sessions']['get']['parameters']['query']>,
  'cursor'
>;
export type WebhookCreateRequest = Schemas['WebhookCreateRequest'];
export type WebhookCreated = Schemas['WebhookCreated'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookUpdateRequest = Schemas['WebhookUpdateRequest'];
export type WebhookTestQueued = Schemas['WebhookTestQueued'];
export type WebhookSecretRotated = Schemas['WebhookSecretRotated'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type DriveFile = Schemas['DriveFile'];
export type TemplateDetail = Schemas['TemplateDetail'];
export type WebhookRedeliveryQueued = Schemas['WebhookRedeliveryQueued'];
export type AuditTrail = Schemas['AuditTrail'];
export type Scope = Schemas['Scope'];
export type Me = Schemas['Me'];
export type RefreshTokenInfo = Schemas['RefreshTokenInfo'];
export type RefreshTokenCreateRequest = Schemas['RefreshTokenCreateRequest'];
export type RefreshTokenCreated = Schemas['RefreshTokenCreated'];
/**
 * The document makes the `Member` component nullable (`Me.member`'s `.nullable().openapi()` writes over the
 * shared component), so the type takes the null off for the routes that always answer a member.
 */
export type Member = NonNullable<Schemas['Member']>;
export type MemberRole = Schemas['MemberRole'];
export type MemberUpdateRequest = Schemas['MemberUpdateRequest'];
