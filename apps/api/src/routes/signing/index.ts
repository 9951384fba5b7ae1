import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerSigningCode } from './code.ts';
import { registerSigningDecline } from './decline.ts';
import { registerSigningDocument } from './document.ts';
import { registerSigningDraft } from './draft.ts';
import { registerSigningGet } from './get.ts';
import { registerSigningPages } from './pages.ts';
import { SIGNER_COOKIE } from './shared.ts';
import { registerSigningSign } from './sign.ts';
import { registerSigningTextCheck } from './text-check.ts';
import { registerSigningVerify } from './verify.ts';

/** The signer API: keyed by the signing-link token, no bearer token (the bearer middleware skips it). */
export function registerSigning(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'signerCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: SIGNER_COOKIE,
    description:
      'Set by `POST /api/signing/{token}/code/verify`; needed for documents, signing and declining when the session is `otp`.',
  });
  registerSigningGet(app);
  registerSigningDocument(app);
  registerSigningPages(app);
  registerSigningCode(app);
  registerSigningVerify(app);
  registerSigningDraft(app);
  registerSigningTextCheck(app);
  registerSigningSign(app);
  registerSigningDecline(app);
}
