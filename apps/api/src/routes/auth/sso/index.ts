import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../http/env.ts';
import { registerSsoOidcCallback } from './oidc-callback.ts';
import { registerSsoSamlAcs } from './saml-acs.ts';
import { registerSsoSamlMetadata } from './saml-metadata.ts';
import { registerSsoStart } from './start.ts';

/** The single sign-on flow (no caller yet: app.ts lets `/api/auth/sso/` through without account auth). */
export function registerSsoSignIn(app: OpenAPIHono<AppEnv>): void {
  registerSsoStart(app);
  registerSsoOidcCallback(app);
  registerSsoSamlAcs(app);
  registerSsoSamlMetadata(app);
}
