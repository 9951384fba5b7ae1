import type { participants, sessions } from '@countersign/db';

/** An active own-PDF session row for domain tests that insert rows directly; `overrides` set what a test needs. */
export const sessionRow = (
  accountId: string,
  sessionId: string,
  now: number,
  overrides: Partial<typeof sessions.$inferInsert> = {},
): typeof sessions.$inferInsert => ({
  id: sessionId,
  accountId,
  source: 'own_pdf',
  sendJobId: `job-${sessionId}`,
  rowIndex: 0,
  title: 'Lease',
  status: 'active',
  signingType: 'sequential',
  authRequirement: 'public',
  notify: false,
  options: {},
  expiresAt: now + 86_400_000,
  createdAt: now,
  updatedAt: now,
  ...overrides,
});

/** A pending signer at `position` of a session row, invited by nobody (notify false). */
export const participantRow = (sessionId: string, position: number): typeof participants.$inferInsert => ({
  id: `${sessionId}-p${position}`,
  sessionId,
  position,
  signingOrder: position + 1,
  name: `Signer ${position}`,
  email: `signer${position}@example.test`,
  status: 'pending',
  linkTokenHash: `${sessionId}-hash-${position}`,
  linkTokenEncrypted: 'v1.not.read.here',
  inviteStatus: 'skipped',
});
