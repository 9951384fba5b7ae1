import { z } from '@hono/zod-openapi';
import { activityActionNames, activityActions, activityActorKinds } from './activity-actions.ts';
import { oneOf } from './common.ts';
import { isoTime, pageOf, pageQueryFields } from './read-fields.ts';

// GET /api/activity and its CSV export (docs/activity-log.md): the account's append-only activity log.

export * from './activity-actions.ts';

export const ActivityActionSchema = z.enum(activityActionNames).openapi('ActivityAction', {
  description: activityActionNames.map((a) => `\`${a}\`: ${activityActions[a]}`).join(' '),
});

export const ActivityActorKindSchema = oneOf(activityActorKinds).openapi('ActivityActorKind', {
  description:
    '`member`: a person signed in to the web app; `token`: a refresh token (or an access token minted from ' +
    "it); `cli`: the operator's command line; `system`: the service itself.",
});

export const ActivityEventSchema = z
  .object({
    activityId: z.string(),
    at: isoTime,
    action: ActivityActionSchema,
    actor: z.object({
      kind: ActivityActorKindSchema,
      id: z
        .string()
        .nullable()
        .openapi({ description: "The member's or token's id; null for `cli` and `system`." }),
      label: z.string().openapi({
        description: "How the actor read when it acted: a member's email, a token's label and hint.",
        example: 'ada@example.com',
      }),
    }),
    target: z
      .object({ kind: z.string(), id: z.string() })
      .nullable()
      .openapi({ description: 'What was changed (`token`, `member`, `template`, `webhook`, `session`...).' }),
    details: z
      .record(z.string(), z.unknown())
      .nullable()
      .openapi({ description: 'What changed, in a few named values; never a secret.' }),
    ip: z.string().nullable().openapi({ description: "The caller's address; null for `cli` and `system`." }),
    userAgent: z.string().nullable(),
  })
  .openapi('ActivityEvent');

/** `action`: one action, or a prefix ending in a dot (`token.`) for every action of that kind. */
const actionFilter = z
  .string()
  .max(64)
  .refine(
    (v) => (activityActionNames as readonly string[]).includes(v) || /^[a-z]+\.$/.test(v),
    'must be an action (`token.created`) or a prefix ending in a dot (`token.`)',
  )
  .openapi({ description: 'An action (`token.created`) or a prefix ending in a dot (`token.`).' });

/** The filters of the list and of the CSV export. */
export const activityFilterFields = () => ({
  action: actionFilter.optional(),
  actorKind: ActivityActorKindSchema.optional(),
  actorId: z.string().min(1).max(200).optional().openapi({ description: "A member's or token's id." }),
  from: z.iso.datetime({ offset: true }).optional().openapi({ description: 'At or after this time.' }),
  to: z.iso.datetime({ offset: true }).optional().openapi({ description: 'At or before this time.' }),
});

export const ActivityExportQuerySchema = z.strictObject(activityFilterFields());

export const ActivityListQuerySchema = z.strictObject({ ...activityFilterFields(), ...pageQueryFields() });

export const ActivityListSchema = pageOf('events', ActivityEventSchema, 'ActivityList', {
  description: 'Newest first.',
});

export type ActivityEvent = z.output<typeof ActivityEventSchema>;
export type ActivityList = z.output<typeof ActivityListSchema>;
export type ActivityFilter = z.output<typeof ActivityExportQuerySchema>;
export type ActivityListQuery = z.output<typeof ActivityListQuerySchema>;
