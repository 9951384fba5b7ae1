import {
  DomainError,
  disconnectDrive,
  driveConnectionView,
  finishGoogleDriveConnect,
  isDomainError,
  recordActivity,
  startGoogleDriveConnect,
} from '@countersign/core';
import { DriveAuthorizationSchema, DriveConnectionSchema } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf, recorded } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { noContent } from '../../http/no-content.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';

export const driveConnectionRoute = apiRoute({
  method: 'get',
  path: '/api/drive',
  access: needs('drive'),
  tags: ['Drive'],
  summary: "The account's drive: embedded or Google Drive (and which Google account)",
  responses: {
    200: jsonResponse('The connection.', DriveConnectionSchema),
  },
});

export const gdriveConnectRoute = apiRoute({
  method: 'post',
  path: '/api/drive/gdrive/connect',
  access: needs('account:admin'),
  tags: ['Drive'],
  summary: 'Start connecting Google Drive (OAuth authorization code + PKCE)',
  description:
    "Returns Google's consent URL (read-only Drive scope, offline access). Open it in the browser; Google sends " +
    'the member back to `GET /api/drive/gdrive/callback`, which stores the refresh token (encrypted) and ' +
    'redirects to `/app/drive`. The flow must finish within 10 minutes, signed in to the same account.',
  responses: {
    200: jsonResponse('The consent URL.', DriveAuthorizationSchema),
    409: errorResponseFor(
      '`drive_oauth_not_configured`: GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not set.',
    ),
  },
});

const CallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2048).optional(),
});

export const gdriveCallbackRoute = apiRoute({
  method: 'get',
  path: '/api/drive/gdrive/callback',
  access: needs('account:admin'),
  tags: ['Drive'],
  summary: "Google's redirect after consent (browser navigation)",
  description:
    'Checks `state` (started by this account, within 10 minutes, once), exchanges `code` with the PKCE verifier ' +
    'and connects the drive. Always answers 303 to `/app/drive`: `?connected=gdrive` on success, or ' +
    '`?error=<code>&message=<text>` (nothing changed) when Google refused, the state is unknown or the exchange ' +
    'failed.',
  request: { query: CallbackQuerySchema },
  responses: { 303: { description: 'Back to the app.' } },
});

export const gdriveDisconnectRoute = apiRoute({
  method: 'delete',
  path: '/api/drive/gdrive',
  access: needs('account:admin'),
  tags: ['Drive'],
  summary: 'Disconnect Google Drive (back to the embedded drive)',
  responses: { 204: { description: 'Disconnected.' } },
});

export function registerDriveConnection(app: OpenAPIHono<AppEnv>): void {
  app.openapi(driveConnectionRoute, async (c) => c.json(await driveConnectionView(...forAccount(c)), 200));
  app.openapi(gdriveConnectRoute, async (c) => {
    const authorizationUrl = await startGoogleDriveConnect(...forAccount(c));
    return c.json({ authorizationUrl }, 200);
  });
  app.openapi(gdriveCallbackRoute, async (c) => {
    const { code, state, error } = c.req.valid('query');
    const back = (params: Record<string, string>) =>
      c.redirect(`/app/drive?${new URLSearchParams(params).toString()}`, 303);
    try {
      if (error) throw new DomainError('drive_oauth_failed', `Google did not grant access (${error})`);
      if (!code || !state) throw new DomainError('drive_oauth_failed', 'the callback lacks code or state');
      const [ctx, accountId] = forAccount(c);
      await finishGoogleDriveConnect(ctx, accountId, { code, state }, (account) =>
        recordActivity(ctx, accountId, actorOf(c), 'drive.connected', null, { provider: 'gdrive', account }),
      );
      return back({ connected: 'gdrive' });
    } catch (err) {
      if (!isDomainError(err)) throw err;
      return back({ error: err.code, message: err.message });
    }
  });
  noContent(app, gdriveDisconnectRoute, (c) =>
    recorded(
      c,
      () => disconnectDrive(...forAccount(c)),
      () => ({ action: 'drive.disconnected' }),
    ),
  );
}
