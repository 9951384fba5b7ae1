import { getSigningView } from '@countersign/core';
import { SigningViewSchema } from '@countersign/schemas';
import { jsonResponse } from '../../http/openapi.ts';
import { signerRoute } from './signer-route.ts';

export const registerSigningGet = signerRoute(
  {
    method: 'get',
    path: '/api/signing/{token}',
    summary: 'What a signing link shows: session, signer, verification, turn, documents and fields',
    description:
      'A view is recorded (audit `link.viewed` with IP and user agent) at most once an hour per signer, and for ' +
      'code-protected sessions only once the code is verified; opens before that are `link.opened` (at most ' +
      'once an hour), and do not mark the signer as having viewed. While a one-time code is ' +
      'required and not verified, `documents` and `fields` are empty. Completed sessions answer with `download` ' +
      'for 30 days after completion.',
    ok: jsonResponse('The signing view.', SigningViewSchema),
    errors: [410],
  },
  ({ ctx, token, signer }) => getSigningView(ctx, token, signer),
);
