import {
  changeMemberRole,
  inviteMember,
  listMembers,
  memberOf,
  memberView,
  recordActivity,
  removeMember,
} from '@countersign/core';
import {
  MemberIdParamsSchema,
  MemberInviteRequestSchema,
  MemberListSchema,
  MemberSchema,
  MemberUpdateRequestSchema,
} from '@countersign/schemas';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { needs } from '../../http/access.ts';
import { forAccount } from '../../http/account-scope.ts';
import { actorOf, recorded } from '../../http/actor.ts';
import type { AppEnv } from '../../http/env.ts';
import { noContent } from '../../http/no-content.ts';
import { apiRoute, commonErrors, errorResponseFor, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { deleteRoute, type RecordKind, recordRoute } from '../../http/record-route.ts';

/** A member of the account, named by `{memberId}`. */
const accountMember = {
  access: needs('account:admin'),
  tags: ['Members'],
  params: MemberIdParamsSchema,
  notFound: errorResponseFor('`member_not_found`: no such member in this account.'),
} satisfies RecordKind<typeof MemberIdParamsSchema>;

export const membersListRoute = apiRoute({
  method: 'get',
  path: '/api/members',
  access: needs('account:read'),
  tags: ['Members'],
  summary: "The account's members",
  responses: {
    200: jsonResponse('Oldest first.', MemberListSchema),
  },
});

export const memberInviteRoute = apiRoute({
  method: 'post',
  path: '/api/members',
  access: needs('account:admin'),
  tags: ['Members'],
  summary: 'Invite a member',
  description:
    "Adds the member and emails them an invitation (who invited them to which account, in the account's " +
    'default language) with a sign-in link that works once for 7 days; later ones come from the sign-in page. ' +
    'At most 10 invites to one address per hour (whichever accounts send them) and 50 per account per hour; ' +
    'beyond that 429 `rate_limited` with `Retry-After`. A refused invite counts against neither.',
  request: {
    body: jsonBody(MemberInviteRequestSchema),
  },
  responses: {
    201: jsonResponse('Invited.', MemberSchema),
    409: errorResponseFor('`member_exists`: the address is already a member of this account.'),
    429: commonErrors[429],
  },
});

export const memberRemoveRoute = deleteRoute(accountMember, '/api/members/{memberId}', {
  summary: 'Remove a member',
  description:
    'Their sign-in sessions, links and passkeys end with them, and the tokens they made are revoked in the same ' +
    'transaction.',
  done: 'Removed.',
  responses: {
    409: errorResponseFor('`last_owner`: the account must keep an owner.'),
  },
});

export const memberUpdateRoute = recordRoute(accountMember, {
  method: 'patch',
  path: '/api/members/{memberId}',
  summary: "Change a member's role",
  description:
    "In one transaction: the role, and the member's tokens narrowed to the new role's scopes (docs/permissions.md).",
  request: { body: jsonBody(MemberUpdateRequestSchema) },
  responses: {
    200: jsonResponse('The member as they now are.', MemberSchema),
    409: errorResponseFor('`last_owner`: the account must keep an owner.'),
  },
});

const memberTarget = (m: { id: string }) => ({ kind: 'member', id: m.id });

export function registerMembers(app: OpenAPIHono<AppEnv>): void {
  app.openapi(membersListRoute, async (c) => c.json({ members: await listMembers(...forAccount(c)) }, 200));
  app.openapi(memberInviteRoute, async (c) => {
    const ctx = c.get('deps').runtime.ctx;
    const body = c.req.valid('json');
    const accountId = c.get('accountId');
    const by = c.get('member');
    const inviter = by ? await memberOf(ctx, accountId, by.memberId) : null;
    const member = await recorded(
      c,
      () =>
        inviteMember(
          ctx,
          accountId,
          { ...body, role: body.role ?? 'member' },
          inviter ? (inviter.name ?? inviter.email) : null,
        ),
      (m) => ({
        action: 'member.invited',
        target: { kind: 'member', id: m.id },
        details: { email: m.email, role: m.role },
      }),
    );
    return c.json(memberView(member), 201);
  });
  noContent(app, memberRemoveRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    await removeMember(ctx, accountId, c.req.valid('param').memberId, (removed) =>
      recordActivity(ctx, accountId, actorOf(c), 'member.removed', memberTarget(removed), {
        email: removed.email,
        role: removed.role,
      }),
    );
  });
  app.openapi(memberUpdateRoute, async (c) => {
    const [ctx, accountId] = forAccount(c);
    const { role } = c.req.valid('json');
    const { after } = await changeMemberRole(ctx, accountId, c.req.valid('param').memberId, role, (before) =>
      before.role === role
        ? Promise.resolve()
        : recordActivity(ctx, accountId, actorOf(c), 'member.role_changed', memberTarget(before), {
            email: before.email,
            role: { from: before.role, to: role },
          }),
    );
    return c.json(memberView(after), 200);
  });
}
