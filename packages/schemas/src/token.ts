import type { z } from '@hono/zod-openapi';
import { integerInRange, nonEmptyString, oneOf, strictObject, textString } from './common.ts';
import { REFRESH_TOKEN_MAX_LENGTH } from './limits.ts';

// 4.1 POST /connect/token

export const TokenRequestSchema = strictObject({
  refresh_token: nonEmptyString(REFRESH_TOKEN_MAX_LENGTH).openapi({
    description: 'Refresh token generated on the integration page of the web app.',
    example: 'rt_4b1d0c3e9a7f2c58e6d14b0a93f7c2e1',
  }),
}).openapi('TokenRequest', {
  description:
    'Exchanges a refresh token for an access token. The OAuth 2.0 `grant_type` and `client_id` are fixed ' +
    'on the server and must not be sent (unknown properties are rejected).',
  example: { refresh_token: 'rt_4b1d0c3e9a7f2c58e6d14b0a93f7c2e1' },
});
export type TokenRequest = z.output<typeof TokenRequestSchema>;

export const TokenResponseSchema = strictObject({
  access_token: textString().openapi({
    description: 'Short-lived bearer token (JWT format) for `Authorization: Bearer <ACCESS_TOKEN>`.',
  }),
  token_type: oneOf(['Bearer']).openapi({ description: 'Always `Bearer`.' }),
  expires_in: integerInRange(1).openapi({
    description: 'Seconds until the access token expires.',
  }),
}).openapi('TokenResponse', {
  description: 'A short-lived access token.',
  example: {
    access_token: 'eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhY2NfMSJ9.c2lnbmF0dXJl',
    token_type: 'Bearer',
    expires_in: 900,
  },
});
export type TokenResponse = z.output<typeof TokenResponseSchema>;
