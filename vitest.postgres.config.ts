import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The PostgreSQL pass, the second half of `pnpm test`: the contract's flows once more, each test API on a
 * PostgreSQL database of its own (TEST_DIALECT=postgres, docs/testing.md). The several-hosts tests run on
 * PostgreSQL in the first half already; these files cover what an integrator does, end to end: the token
 * exchange, template sends (single, bulk) and own-PDF sends with their invites, signing with a one-time code,
 * completion to the sealed PDF (and a completion that fails), webhooks and their management, emails, cancel,
 * expiry, purge, idempotent retries, the web app's session and template queries, pages drawn ahead of time and
 * the example integrator.
 */
export const POSTGRES_PASS = [
  'apps/api/test/token.test.ts',
  'apps/api/test/templates-send.test.ts',
  'apps/api/test/templates-send-bulk.test.ts',
  'apps/api/test/sessions-send.test.ts',
  'apps/api/test/signing-flow.test.ts',
  'apps/api/test/signing-codes.test.ts',
  'apps/api/test/session-completion.test.ts',
  'apps/api/test/webhooks-delivery.test.ts',
  'apps/api/test/emails.test.ts',
  'apps/api/test/sessions-cancel.test.ts',
  'apps/api/test/idempotency.test.ts',
  'apps/api/test/completion-failed.test.ts',
  'apps/api/test/outbox-kinds.test.ts',
  'apps/api/test/session-purge.test.ts',
  'apps/api/test/templates-create.test.ts',
  'apps/api/test/templates-read.test.ts',
  'apps/api/test/webhooks-api.test.ts',
  'apps/api/test/webhooks-manage.test.ts',
  'apps/api/test/web-sessions.test.ts',
  'apps/api/test/sessions-recipient-search.test.ts',
  'apps/api/test/reports.test.ts',
  'apps/api/test/outcome-emails.test.ts',
  'apps/api/test/web-templates.test.ts',
  'apps/api/test/signing-drafts.test.ts',
  'apps/api/test/page-images.test.ts',
  'examples/*/test/**/*.test.ts',
];

export default defineConfig({
  test: {
    ...base.test,
    include: POSTGRES_PASS,
    env: { TEST_DIALECT: 'postgres' },
    typecheck: { enabled: false },
  },
});
