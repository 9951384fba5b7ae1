import { addMember, emailInvite, getAccount, listMembers, memberView, removeMember } from '@countersign/core';
import {
  MemberIdParamsSchema,
  MemberInviteRequestSchema,
  MemberListSchema,
  MemberSchema,
} from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { forAccount } from '../../http/account-scope.ts';
import type { AppEnv } from '../../http/env.ts';
import { ownerOnlyResponse, requireOwner } from '../../http/member-access.ts';
import { noContent } from '../../http/no-content.ts';
import { apiRoute, errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { deleteRoute, type RecordKind } from '../../http/record-route.ts';

/** A member of the account, named by `{memberId}`. */
const accountMember = {
  tags: ['Members'],
  params: MemberIdParamsSchema,
  notFound: errorResponseFor('`member_not_found`: no such member in this account.'),
} satisfies RecordKind<typeof MemberIdParamsSchema>;

export const membersListRoute = apiRoute({
  method: 'get',
  path: '/api/members',
  tags: ['Members'],
  summary: "The account's members",
  responses: {
    200: jsonResponse('Oldest first.', MemberListSchema),
  },
});

export const memberInviteRoute = apiRoute({
  method: 'post',
  path: '/api/members',
  tags: ['Members'],
  summary: 'Invite a member',
  description:
    'Adds the member and emails them a sign-in link (15 minutes; later ones from the sign-in page).',
  request: {
    body: jsonBody(MemberInviteRequestSchema),
  },
  responses: {
    201: jsonResponse('Invited.', MemberSchema),
    403: ownerOnlyResponse,
    409: errorResponseFor('`member_exists`: the address is already a member of this account.'),
  },
});

export const memberRemoveRoute = deleteRoute(accountMember, '/api/members/{memberId}', {
  summary: 'Remove a member',
  description: 'Their sign-in sessions, links and passkeys end with them.',
  done: 'Removed.',
  responses: {
    403: ownerOnlyResponse,
    409: errorResponseFor('`last_owner`: the account must keep an owner.'),
  },
});

export function registerMembers(app: OpenAPIHono<AppEnv>): void {
  app.openapi(membersListRoute, async (c) => c.json({ members: await listMembers(...forAccount(c)) }, 200));
  app.openapi(memberInviteRoute, async (c) => {
    requireOwner(c);
    const ctx = c.get('deps').runtime.ctx;
    const body = c.req.valid('json');
    const member = await addMember(ctx, c.get('accountId'), { ...body, role: body.role ?? 'member' });
    await emailInvite(ctx, member, (await getAccount(ctx, member.accountId)).name);
    return c.json(memberView(member), 201);
  });
  noContent(app, memberRemoveRoute, async (c) => {
    requireOwner(c);
    await removeMember(...forAccount(c), c.req.valid('param').memberId);
  });
}
