import { getSigningView } from '@countersign/core';
import { SigningViewSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { jsonResponse } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { signerCall, signingErrorsFor, signingLink } from './shared.ts';

export const signingGetRoute = recordRoute(signingLink, {
  method: 'get',
  path: '/api/signing/{token}',
  summary: 'What a signing link shows: session, signer, verification, turn, documents and fields',
  description:
    'A view is recorded (audit `link.viewed` with IP and user agent) at most once an hour per signer, and for ' +
    'code-protected sessions only once the code is verified; opens before that are `link.opened` (at most ' +
    'once an hour), and do not mark the signer as having viewed. While a one-time code is ' +
    'required and not verified, `documents` and `fields` are empty. Completed sessions answer with `download` ' +
    'for 30 days after completion.',
  responses: {
    200: jsonResponse('The signing view.', SigningViewSchema),
    ...signingErrorsFor(410),
  },
});

export function registerSigningGet(app: OpenAPIHono<AppEnv>): void {
  app.openapi(signingGetRoute, async (c) => {
    const { ctx, token, signer } = signerCall(c);
    return c.json(await getSigningView(ctx, token, signer), 200);
  });
}
