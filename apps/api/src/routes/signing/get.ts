import { getSigningView } from '@countersign/core';
import { SigningViewSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { apiRoute, jsonResponse } from '../../http/openapi.ts';
import { linkTokenParams, signerCall, signerSecurity, signingErrorsFor } from './shared.ts';

export const signingGetRoute = apiRoute({
  method: 'get',
  path: '/api/signing/{token}',
  tags: ['Signer'],
  summary: 'What a signing link shows: session, signer, verification, turn, documents and fields',
  description:
    'A view is recorded (audit `link.viewed` with IP and user agent) at most once an hour per signer, and for ' +
    'code-protected sessions only once the code is verified; opens before that are `link.opened` (at most ' +
    'once an hour), and do not mark the signer as having viewed. While a one-time code is ' +
    'required and not verified, `documents` and `fields` are empty. Completed sessions answer with `download` ' +
    'for 30 days after completion.',
  security: signerSecurity,
  request: { params: linkTokenParams },
  responses: {
    200: jsonResponse('The signing view.', SigningViewSchema),
    ...signingErrorsFor(404, 410),
  },
});

export function registerSigningGet(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingGetRoute, async (c) => {
    const { ctx, token, signer } = signerCall(c);
    return c.json(await getSigningView(ctx, token, signer), 200);
  });
}
