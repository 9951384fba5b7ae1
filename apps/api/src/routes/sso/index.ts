import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerSsoDelete } from './delete.ts';
import { registerSsoGet } from './get.ts';
import { registerSsoPut } from './put.ts';
import { registerSsoVerificationCheck } from './verification-check.ts';
import { registerSsoVerificationStart } from './verification-start.ts';

/** The owner's single sign-on settings (`/api/account/sso`); the sign-in flow is under routes/auth/sso. */
export function registerSsoSettings(app: OpenAPIHono<AppEnv>): void {
  registerSsoGet(app);
  registerSsoPut(app);
  registerSsoDelete(app);
  registerSsoVerificationStart(app);
  registerSsoVerificationCheck(app);
}
