import { memberPreferences, updateMemberPreferences } from '@countersign/core';
import { MemberPreferencesSchema, MemberPreferencesUpdateSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { signedInMember } from '../../http/access.ts';
import type { AppEnv } from '../../http/env.ts';
import { signedInMemberOf } from '../../http/member-access.ts';
import { apiRoute, jsonBody, jsonResponse } from '../../http/openapi.ts';

// The signed-in member's own settings: the outcome emails of the sessions they send (docs/web-app.md).

export const preferencesGetRoute = apiRoute({
  method: 'get',
  path: '/api/me/preferences',
  access: signedInMember,
  tags: ['Web app sign-in'],
  summary: "The signed-in member's own settings",
  responses: { 200: jsonResponse("The member's settings.", MemberPreferencesSchema) },
});

export const preferencesUpdateRoute = apiRoute({
  method: 'patch',
  path: '/api/me/preferences',
  access: signedInMember,
  tags: ['Web app sign-in'],
  summary: "Change the signed-in member's own settings",
  description:
    'Whether the member is emailed when a session they sent from the web app completes or is declined, and ' +
    'in which of the 10 languages. Only the member changes them: an owner cannot for someone else.',
  request: { body: jsonBody(MemberPreferencesUpdateSchema) },
  responses: { 200: jsonResponse('The settings, changed.', MemberPreferencesSchema) },
});

export function registerPreferences(app: OpenAPIHono<AppEnv>): void {
  app.openapi(preferencesGetRoute, async (c) => {
    const member = signedInMemberOf(c);
    return c.json(await memberPreferences(c.get('deps').runtime.ctx, member.accountId, member.memberId), 200);
  });
  app.openapi(preferencesUpdateRoute, async (c) => {
    const member = signedInMemberOf(c);
    const changed = await updateMemberPreferences(
      c.get('deps').runtime.ctx,
      member.accountId,
      member.memberId,
      c.req.valid('json'),
    );
    return c.json(changed, 200);
  });
}
