import type { SendJobResult } from '@countersign/core';
import {
  DomainError,
  getTemplateDetail,
  participantSigningUrl,
  type TemplateSendOutcome,
} from '@countersign/core';
import { templatesSendJob } from '@countersign/schemas';
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { signedInMember } from '../../http/access.ts';
import type { AppEnv } from '../../http/env.ts';
import { signedInMemberOf } from '../../http/member-access.ts';
import { errorResponseFor, jsonBody, rateLimitHeaders } from '../../http/openapi.ts';
import { recordRoute } from '../../http/record-route.ts';
import { sendOutcome } from '../../http/send-response.ts';
import { accountTemplate } from './shared.ts';

const TemplateTestSentSchema = z
  .object({
    email: z.string().openapi({ description: 'The member address every role was sent to.' }),
    sessionId: z.string(),
    signingUrl: z.string().openapi({ description: "The first role's signing page, to open at once." }),
  })
  .openapi('TemplateTestSent');

export const templateTestRoute = recordRoute(accountTemplate, {
  access: signedInMember,
  method: 'post',
  path: '/api/templates/{templateId}/test',
  summary: "Test-send a template to the signed-in member's own email (web app)",
  description:
    "The template's `examplePayload` with every role addressed to the member, sent like " +
    '`POST /api/templates/send` (same checks) as a test session: marked TEST everywhere, outside the allowance ' +
    '(docs/test-mode.md). Cookie session only (403 for a bearer token).',
  request: { body: jsonBody(z.strictObject({})) },
  responses: {
    200: {
      description: 'Sent.',
      content: { 'application/json': { schema: TemplateTestSentSchema } },
      headers: rateLimitHeaders,
    },
    400: errorResponseFor('`template_invalid`: the template cannot be sent yet (the reason).'),
    422: errorResponseFor(
      '`template_not_ready`: the template is not ready to send; `message` names each problem by field label and role.',
    ),
  },
});

export function registerTemplateTest(app: OpenAPIHono<AppEnv>): void {
  app.openapi(templateTestRoute, async (c) => {
    const { runtime, queue, config } = c.get('deps');
    const accountId = c.get('accountId');
    const example = (await getTemplateDetail(runtime.ctx, accountId, c.req.valid('param').templateId))
      .examplePayload;
    // After the account-scoped read: another account's id answers 404 to every caller, as everywhere.
    const member = signedInMemberOf(c);
    // Every role is the member: one test session they can sign through, invites in their own inbox. A test
    // session (docs/test-mode.md): marked TEST in its emails, page and sealed PDF, free of the allowance.
    const request = {
      ...example,
      notify: true,
      signingRequests: example.signingRequests.slice(0, 1).map((entry) => ({
        ...entry,
        recipients: entry.recipients.map((r) => ({ ...r, email: member.email })),
      })),
    };
    const result = await queue.run<SendJobResult>(
      templatesSendJob,
      { accountId, body: JSON.stringify(request), test: true, sentBy: member.memberId },
      { timeoutMs: config.sendTimeoutMs },
    );
    const { body } = sendOutcome<TemplateSendOutcome>(c, result);
    const row = body.instantiation.sessions[0];
    const invite = body.invites[0];
    // The entry failed (a template not ready to send): its reason, as a send would report it.
    if (row?.status !== 'created' || !invite)
      throw new DomainError('template_invalid', row?.error ?? 'the test send created no session');
    const { url } = await participantSigningUrl(
      runtime.ctx,
      accountId,
      invite.sessionId,
      invite.participants[0]!.participantId,
    );
    return c.json({ email: member.email, sessionId: invite.sessionId, signingUrl: url }, 200);
  });
}
