import { listMemberSessions, revokeMemberSession } from '@countersign/core';
import { MemberSessionIdParamsSchema, MemberSessionListSchema } from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { signedInMember } from '../../http/access.ts';
import type { AppEnv } from '../../http/env.ts';
import { signedInMemberOf } from '../../http/member-access.ts';
import { clearSessionCookie } from '../../http/member-cookie.ts';
import { noContent } from '../../http/no-content.ts';
import { apiRoute, errorResponseFor, jsonResponse } from '../../http/openapi.ts';
import { deleteRoute, type RecordKind } from '../../http/record-route.ts';

/** One sign-in session of the signed-in member, named by `{sessionId}`. */
const memberSession = {
  access: signedInMember,
  tags: ['Web app sign-in'],
  params: MemberSessionIdParamsSchema,
  notFound: errorResponseFor('`member_session_not_found`: not a session of this member.'),
} satisfies RecordKind<typeof MemberSessionIdParamsSchema>;

export const signOutRoute = apiRoute({
  method: 'post',
  path: '/api/auth/sign-out',
  access: signedInMember,
  tags: ['Web app sign-in'],
  summary: 'Sign out (revoke this session)',
  responses: { 204: { description: 'Signed out; the cookie is cleared.' } },
});

export const memberSessionsRoute = apiRoute({
  method: 'get',
  path: '/api/me/sessions',
  access: signedInMember,
  tags: ['Web app sign-in'],
  summary: "The signed-in member's live sessions",
  responses: {
    200: jsonResponse('Newest activity first.', MemberSessionListSchema),
  },
});

export const memberSessionRevokeRoute = deleteRoute(memberSession, '/api/me/sessions/{sessionId}', {
  summary: "Revoke one of the signed-in member's sessions",
  description: 'Effective at once: the next request with that cookie answers 401.',
  done: 'Revoked.',
  responses: {},
});

export function registerMemberSessions(app: OpenAPIHono<AppEnv>): void {
  noContent(app, signOutRoute, async (c) => {
    const member = signedInMemberOf(c);
    await revokeMemberSession(c.get('deps').runtime.ctx, member.memberId, member.sessionId);
    clearSessionCookie(c);
  });
  app.openapi(memberSessionsRoute, async (c) => {
    const member = signedInMemberOf(c);
    const sessions = await listMemberSessions(c.get('deps').runtime.ctx, member.memberId, member.sessionId);
    return c.json({ sessions }, 200);
  });
  noContent(app, memberSessionRevokeRoute, async (c) => {
    const member = signedInMemberOf(c);
    const { sessionId } = c.req.valid('param');
    await revokeMemberSession(c.get('deps').runtime.ctx, member.memberId, sessionId);
    if (sessionId === member.sessionId) clearSessionCookie(c);
  });
}
