import { OpenAPIHono } from '@hono/zod-openapi';
import { accountAuth } from './http/account-auth.ts';
import { bodyLimit } from './http/body-limit.ts';
import type { AppDeps, AppEnv } from './http/env.ts';
import { errorResponse, handleError, validationHook } from './http/errors.ts';
import { requestContext } from './http/request-context.ts';
import { requireUtf8Json } from './http/utf8-body.ts';
import { registerPageAssets } from './pages/assets.ts';
import { registerSigningPage } from './pages/signing-page.ts';
import { registerWebApp } from './pages/web-app.ts';
import { registerAccount } from './routes/account.ts';
import { registerActivityRoutes } from './routes/activity/index.ts';
import { registerFirstRun } from './routes/auth/first-run.ts';
import { registerMe } from './routes/auth/me.ts';
import { registerMemberSessions } from './routes/auth/member-sessions.ts';
import { registerPasskeySignIn } from './routes/auth/passkey-sign-in.ts';
import { registerPasskeys } from './routes/auth/passkeys.ts';
import { registerPreferences } from './routes/auth/preferences.ts';
import { registerSignIn } from './routes/auth/sign-in.ts';
import { registerSsoSignIn } from './routes/auth/sso/index.ts';
import { registerBranding } from './routes/branding.ts';
import { registerDocs } from './routes/docs.ts';
import { registerDriveConnection } from './routes/drive/connection.ts';
import { registerDriveFiles } from './routes/drive/files.ts';
import { registerFonts } from './routes/fonts.ts';
import { registerHealth } from './routes/health.ts';
import { registerMembers } from './routes/members/members.ts';
import { registerMetrics } from './routes/metrics.ts';
import { registerReports } from './routes/reports.ts';
import { registerSessionAudit } from './routes/sessions/audit.ts';
import { registerSessionsCancel } from './routes/sessions/cancel.ts';
import { registerSessionDelete } from './routes/sessions/delete.ts';
import { registerSessionDocument } from './routes/sessions/document.ts';
import { registerSessionGet } from './routes/sessions/get.ts';
import { registerSessionLegalHold } from './routes/sessions/legal-hold.ts';
import { registerSessionsList } from './routes/sessions/list.ts';
import { registerSessionParticipants } from './routes/sessions/participants.ts';
import { registerTestSessionsPurge } from './routes/sessions/purge-test.ts';
import { registerSessionsRemind } from './routes/sessions/remind.ts';
import { registerSessionsSend } from './routes/sessions/send.ts';
import { registerSendProgress } from './routes/sessions/send-progress.ts';
import { registerSigning } from './routes/signing/index.ts';
import { registerSsoSettings } from './routes/sso/index.ts';
import { registerTemplateArchive } from './routes/templates/archive.ts';
import { registerTemplatesCreate } from './routes/templates/create.ts';
import { registerTemplateDuplicate } from './routes/templates/duplicate.ts';
import { registerTemplateEdit } from './routes/templates/edit.ts';
import { registerTemplateGet } from './routes/templates/get.ts';
import { registerTemplatesList } from './routes/templates/list.ts';
import { registerTemplatesSend } from './routes/templates/send.ts';
import { registerTemplateTags } from './routes/templates/tags.ts';
import { registerTemplateTest } from './routes/templates/test-send.ts';
import { registerToken } from './routes/token.ts';
import { registerTokens } from './routes/tokens.ts';
import { registerWebhookRoutes } from './routes/webhooks/index.ts';

/** A router with the shared validation hook: every schema failure leaves through one function. */
export const newRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/** Builds the HTTP app from already-built dependencies; `serve()` is the caller's business. */
export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = newRouter();
  app.use('*', requestContext(deps));
  app.use('*', bodyLimit(deps.config.limits));
  app.use('*', requireUtf8Json);
  app.onError(handleError);
  app.notFound((c) => errorResponse(c, 'not_found', `no route for ${c.req.method} ${c.req.path}`));

  registerHealth(app);
  registerMetrics(app);
  registerDocs(app);
  registerToken(app);

  registerSignIn(app);
  registerPasskeySignIn(app);
  registerSsoSignIn(app);
  registerFirstRun(app);

  // Account API: the integrator's bearer JWT or a web-app member's session cookie (with CSRF checks on
  // writes). The signer API under /api/signing is keyed by its link token instead; sign-in (links, passkeys,
  // single sign-on) and the first run's setup have no caller yet.
  app.use('/api/*', async (c, next) =>
    c.req.path.startsWith('/api/signing/') ||
    c.req.path.startsWith('/api/auth/sign-in') ||
    c.req.path.startsWith('/api/auth/sso/') ||
    c.req.path === '/api/auth/setup'
      ? next()
      : accountAuth(c, next),
  );
  registerMe(app);
  registerMemberSessions(app);
  registerPreferences(app);
  registerPasskeys(app);
  registerMembers(app);
  registerAccount(app);
  registerReports(app);
  registerSsoSettings(app);
  registerBranding(app);
  registerTokens(app);
  registerActivityRoutes(app);
  registerDriveFiles(app);
  registerDriveConnection(app);
  registerSessionsSend(app);
  registerSessionsRemind(app);
  registerSendProgress(app);
  registerSessionsCancel(app);
  // Before /api/sessions/{sessionId}: a literal path wins over the parameter only when registered first.
  registerTestSessionsPurge(app);
  registerSessionsList(app);
  registerSessionGet(app);
  registerSessionParticipants(app);
  registerSessionAudit(app);
  registerSessionDelete(app);
  registerSessionLegalHold(app);
  registerSessionDocument(app);
  registerTemplatesSend(app);
  // Templates: create (multipart), list, show.
  registerTemplatesCreate(app);
  registerTemplatesList(app);
  registerTemplateGet(app);
  registerTemplateEdit(app);
  registerTemplateDuplicate(app);
  registerTemplateArchive(app);
  registerTemplateTags(app);
  registerTemplateTest(app);
  // The signer's side: the signer API (link token + signer cookie), the signing page and its assets.
  registerSigning(app);
  registerSigningPage(app);
  registerPageAssets(app);
  registerFonts(app);
  registerWebhookRoutes(app);
  // The web app's static build under /app (its API is the routes above, cookie-authenticated).
  registerWebApp(app);
  return app;
}
