export { filenameProblem } from '@countersign/drive';
export { type AccountView, accountView, updateAccountSettings } from './accounts/account-settings.ts';
export { createAccount, getAccount } from './accounts/accounts.ts';
export {
  type BrandingRow,
  brandingOf,
  brandingView,
  logoByHash,
  logoPath,
  updateBranding,
} from './accounts/branding.ts';
export { completeFirstRun, firstRunToken, needsFirstRun } from './accounts/first-run.ts';
export {
  createRefreshToken,
  listRefreshTokens,
  refreshTokenView,
  revokeRefreshToken,
  type TokenCreator,
} from './accounts/refresh-tokens.ts';
export {
  type ActivityActor,
  type ActivityEntry,
  type ActivityTarget,
  changedValues,
  cliActor,
  eachActivity,
  listActivity,
  principalActor,
  recordActivity,
  tokenCreatedEntry,
  withActivity,
} from './activity/activity.ts';
export { activityCsvHeader, activityCsvLine } from './activity/csv.ts';
export {
  allowanceHeaders,
  allowanceState,
  DEFAULT_ALLOWANCE,
  PRICES,
  setAllowance,
} from './allowance/allowance.ts';
export { allowanceUsageView } from './allowance/usage.ts';
export {
  type AccessTokenResponse,
  AccessTokens,
  type BearerIdentity,
  TOKEN_FAILURES_PER_MINUTE,
} from './auth/access-tokens.ts';
export {
  creatorFor,
  holds,
  memberPrincipal,
  type Principal,
  tokenPrincipal,
  tokensVisibleTo,
} from './auth/principal.ts';
export { type BackupResult, createBackup } from './backup/backup.ts';
export { type CopyReport, copyToPostgres } from './backup/copy-to-postgres.ts';
export { BackupError } from './backup/manifest.ts';
export { restoreBackup } from './backup/restore.ts';
export { type BlobStore, BlobStoreUnavailableError, isStorageUnavailable } from './blobs/blob-store.ts';
export { DatabaseBlobStore } from './blobs/database-blob-store.ts';
export { FileBlobStore } from './blobs/file-blob-store.ts';
export { openBlobStore } from './blobs/open-blob-store.ts';
export { S3BlobStore } from './blobs/s3-blob-store.ts';
export { type ServiceContext, testModeView } from './context.ts';
export {
  connectGoogleDrive,
  disconnectDrive,
  driveErrorToDomain,
  driveFor,
  localDrive,
} from './drive/drive-service.ts';
export {
  driveConnectionView,
  finishGoogleDriveConnect,
  GDRIVE_SCOPE,
  gdriveRedirectUri,
  startGoogleDriveConnect,
} from './drive/google-oauth.ts';
export { emitSessionEvent } from './events/emit.ts';
export {
  beginIdempotent,
  completeIdempotent,
  IDEMPOTENCY_TTL_MS,
  releaseIdempotent,
  type StoredResponse,
} from './idempotency/idempotency.ts';
export {
  type SendProgress,
  sendJobKey,
  sendProgress,
  storedIdempotencyKey,
} from './idempotency/send-progress.ts';
export { type ApiRuntimeOptions, openApiRuntime } from './job-queue.ts';
export { devMailbox } from './mail/dev-mailbox.ts';
export { inviteMember } from './members/member-invites.ts';
export {
  authenticateMemberSession,
  csrfTokenFor,
  listMemberSessions,
  type MemberIdentity,
  revokeMemberSession,
  startMemberSession,
} from './members/member-sessions.ts';
export {
  addMember,
  changeMemberRole,
  listMembers,
  type MemberRow,
  type MemberView,
  memberOf,
  memberView,
  normalEmail,
  removeMember,
} from './members/members.ts';
export {
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from './members/passkeys.ts';
export * as memberPolicy from './members/policy.ts';
export { type MemberPreferences, memberPreferences, updateMemberPreferences } from './members/preferences.ts';
export {
  consumeSignInLink,
  createSignInLink,
  requestSignInEmail,
} from './members/sign-in-links.ts';
export {
  type Deliverer,
  type DispatchResult,
  dispatchOutbox,
  PermanentDeliveryError,
} from './outbox/dispatcher.ts';
export { type EmailPayload, messageIdFor, queueEmail } from './outbox/email.ts';
export {
  addToOutbox,
  getOutboxRow,
  type OutboxKind,
  type OutboxRow,
  outboxBacklog,
} from './outbox/outbox.ts';
export { drawPages } from './pages/draw.ts';
export { drawnPagesOf, TEXT_WIDTH } from './pages/read.ts';
export { PAGE_IMAGE_WIDTHS, requestPageDrawing } from './pages/request.ts';
export { documentsRejected, inspectUploads } from './pdf-verdicts.ts';
export { sessionReport, sessionReportCsv } from './reports/session-report.ts';
export { createRuntime, databaseFile, devMailboxDir, type Runtime, type RuntimeOptions } from './runtime.ts';
export { DataDirSecrets } from './secrets/data-dir-secrets.ts';
export { DatabaseSecrets } from './secrets/database-secrets.ts';
export type { SealCertificate, SecretStore } from './secrets/secret-store.ts';
export type { ServiceSecrets } from './secrets/service-secrets.ts';
export { openSendResult, type SendAnswer, type SendJobResult, unwrapSend } from './sends/job-result.ts';
export type {
  SendOutcome,
  SessionsSendOutcome,
  TemplateSendOutcome,
} from './sends/send-results.ts';
export { type AuditOrigin, audit, auditChainHead, auditTrail } from './sessions/audit.ts';
export { AUDIT_CSV_COLUMNS, auditTrailCsv } from './sessions/audit-csv.ts';
export { completeSession } from './sessions/complete.ts';
export {
  allowCompletionRetry,
  COMPLETION_LEASE_MS,
  COMPLETION_MAX_ATTEMPTS,
  CompletionFailedError,
  completionRetryDelay,
} from './sessions/completion-claim.ts';
export { type SessionField, sessionFields } from './sessions/fields.ts';
export {
  afterParticipantSigned,
  cancelSession,
  currentTurn,
  DOWNLOAD_DAYS_AFTER_COMPLETION,
  expireDueSessions,
  queueDueReminders,
} from './sessions/lifecycle.ts';
export { linkTokenHash, participantLink, signingUrl } from './sessions/links.ts';
export { TEST_NOTICE } from './sessions/notifications.ts';
export { participantSigningUrl, resendInvite } from './sessions/participant-actions.ts';
export {
  PURGED_TITLE,
  purgePending,
  purgeSession,
  requestDuePurges,
  requestPurge,
  retentionPreview,
  setLegalHold,
} from './sessions/purge.ts';
export { getSessionDetail, listSessions, sessionDocumentFile } from './sessions/read.ts';
export { LEADING_MAX } from './sessions/recipient-search.ts';
export { type RemindResult, remindSessions } from './sessions/remind.ts';
export { sessionOf } from './sessions/session-lookup.ts';
export { type SweepLog, type SweepResult, sweep } from './sessions/sweep.ts';
export { purgeTestSessions } from './sessions/test-sessions.ts';
export { type FirstPage, firstPageOf } from './signing/first-page.ts';
export * from './signing/index.ts';
export {
  assertSignInWithoutSsoAllowed,
  deleteSsoConnection,
  disableRequiredSso,
  findSsoConnection,
  putSsoConnection,
  type SsoConnectionRow,
  ssoSettings,
  ssoVerification,
  VERIFICATION_PREFIX,
  verifySsoDomain,
} from './sso/connections.ts';
export { samlMetadata } from './sso/saml.ts';
export { finishOidcSignIn, finishSamlSignIn, SSO_FLOW_TTL_MS, startSsoSignIn } from './sso/sign-in.ts';
export { type Clock, ManualClock, systemClock } from './support/clock.ts';
export { constantTimeEqual } from './support/crypto.ts';
export { csvCell } from './support/csv.ts';
export { DATA_DIR_MODE, DATA_FILE_MODE, logDataDirModes, secureDataDir } from './support/data-dir.ts';
export { DataKey } from './support/data-key.ts';
export { DomainError, isDomainError } from './support/errors.ts';
export { noTelemetry, type Telemetry } from './support/telemetry.ts';
export { setTemplateArchived } from './templates/archive.ts';
export { createTemplate, type NewTemplate } from './templates/create.ts';
export { copyName, duplicateTemplate } from './templates/duplicate.ts';
export { examplePayload } from './templates/example-payload.ts';
export { loadTemplate } from './templates/load.ts';
export { templateFromManifest } from './templates/manifest.ts';
export { getTemplateDetail, listTemplates } from './templates/read.ts';
export { setTemplateTags } from './templates/set-tags.ts';
export { deleteTemplate, templateDocumentFile, updateTemplate } from './templates/update.ts';
export { type WebhookDelivererOptions, webhookDeliverer } from './webhooks/deliverer.ts';
export { listWebhookDeliveries, redeliverWebhook } from './webhooks/deliveries.ts';
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  TURNED_OFF_REASON,
  updateWebhookEndpoint,
} from './webhooks/endpoints.ts';
export {
  DISABLE_AFTER_FAILING_MS,
  GIVE_UP_AFTER_MS,
  SECRET_GRACE_MS,
  WEBHOOK_RETRY,
  WEBHOOK_TIMEOUT_MS,
} from './webhooks/policy.ts';
export { sendWebhookTestEvent } from './webhooks/test-event.ts';
