// No imports, so the database package and the web app can take it (`@countersign/schemas/activity-actions`).
// The account's activity log (docs/activity-log.md): every action it records, with what it means. Adding an
// action is one line here; the API's filter, the OpenAPI document and the web app read this list.

export const activityActions = {
  'token.created': 'A refresh token was created (its label, mode and scopes; never the token).',
  'token.revoked': 'A refresh token was revoked.',
  'member.invited': 'A member was invited (their email and role).',
  'member.removed': 'A member was removed; the tokens they made were revoked with them.',
  'member.role_changed': "A member's role changed (from, to).",
  'template.created': 'A template was created.',
  'template.edited': 'A template was saved as a new version.',
  'template.deleted': 'A template was deleted.',
  'template.archived': 'A template was archived (out of the default list).',
  'template.restored': 'An archived template was restored to the list.',
  'template.tagged': "A template's tags were replaced (from, to).",
  'webhook.created': 'A webhook endpoint was registered (its URL and event types; never the secret).',
  'webhook.updated': "A webhook endpoint's event types changed, or it was turned off or on.",
  'webhook.deleted': 'A webhook endpoint was deleted.',
  'webhook.enabled': 'A disabled webhook endpoint was enabled again.',
  'webhook.secret_rotated': "A webhook endpoint's signing secret was rotated (never the secret).",
  'branding.changed': 'The signing-page branding changed (the properties named).',
  'account.changed': "The account's name, default sender name or retention changed (from, to).",
  'session.legal_hold_set': 'A session was put under legal hold.',
  'session.legal_hold_released': "A session's legal hold was released.",
  'session.purged': 'The purge of an ended session was requested.',
  'session.test_purged': "The account's test sessions were deleted (how many).",
  'drive.connected': 'Google Drive was connected (which Google account).',
  'drive.disconnected': 'The drive connection was removed (back to the embedded drive).',
  'sso.configured':
    'Single sign-on was set up or changed (protocol, domain, default role, require SSO; never the client secret).',
  'sso.removed': "The account's single sign-on connection was removed.",
  'sso.domain_verified': "The single sign-on domain's DNS record was checked and the domain verified.",
} as const;

export type ActivityAction = keyof typeof activityActions;

export const activityActionNames = Object.keys(activityActions) as [ActivityAction, ...ActivityAction[]];

/** The prefixes the filter takes (`token.`, `member.`...): each action's first word and a dot. */
export const activityActionPrefixes = [...new Set(activityActionNames.map((a) => `${a.split('.')[0]}.`))];

/** Who acted: a member (by cookie), a token, the command line, or the service itself. */
export const activityActorKinds = ['member', 'token', 'cli', 'system'] as const;
export type ActivityActorKind = (typeof activityActorKinds)[number];
