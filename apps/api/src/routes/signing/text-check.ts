import { checkSignerText } from '@countersign/core';
import { SigningTextCheckRequestSchema, SigningTextCheckSchema } from '@countersign/schemas';
import { jsonResponse } from '../../http/openapi.ts';
import { signerRoute } from './signer-route.ts';

export const registerSigningTextCheck = signerRoute(
  {
    method: 'post',
    path: '/api/signing/{token}/text-check',
    summary: 'Check how entered text will be stamped, while the signer types',
    description:
      "Runs the layout the signed PDF uses on values of the signer's own fields and on a typed signature and " +
      "initials, each in its field's box: the font size and number of lines it gets (a value is shrunk to 6 pt, " +
      'then wrapped, never cut), or why signing would refuse it (`unsupported-characters`: no font shows them; ' +
      '`too-long`: it does not fit even wrapped at 6 pt). Records nothing. The sign call runs the same check and ' +
      'answers 400 (`invalid_field_value` or `invalid_signature`, naming the fields) for what this reports as not ok.',
    body: SigningTextCheckRequestSchema,
    ok: jsonResponse('One entry per checked field.', SigningTextCheckSchema),
    errors: [400, 401, 410],
  },
  async ({ ctx, token, signer, body }) => ({ fields: await checkSignerText(ctx, token, body, signer) }),
);
