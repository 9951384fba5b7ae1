import { postgresTables } from './schema.ts';

/**
 * The PostgreSQL tables under their own names, for drizzle-kit (it finds tables among a schema file's
 * exports, not inside an object). test/postgres-schema.test.ts checks that this lists every table.
 */
export const {
  accountBranding,
  accounts,
  allowanceDaily,
  allowanceUsage,
  allowances,
  auditEvents,
  blobContents,
  blobs,
  bulkBatches,
  documents,
  driveConnections,
  driveOauthStates,
  fieldValues,
  idempotencyKeys,
  memberSessions,
  members,
  otpCodes,
  outbox,
  participants,
  passkeys,
  preparedDocuments,
  rateLimitWindows,
  refreshTokens,
  sendResults,
  serviceSecrets,
  sessions,
  signInLinks,
  signerSessions,
  signingDrafts,
  templateDocuments,
  templateFields,
  templateRoles,
  templates,
  webauthnChallenges,
  webhookDeliveries,
  webhookEndpoints,
} = postgresTables;
