// No imports, so the database package and the web app can take it (`@countersign/schemas/scopes`).
// Who may do what (docs/permissions.md): every route of the account API needs one scope. A member holds the
// scopes of their role; a refresh token holds the scopes it was made with, never more than its creator's.

export const scopes = [
  'sessions:send',
  'sessions:read',
  'sessions:cancel',
  'templates:read',
  'templates:write',
  'drive',
  'webhooks',
  'account:read',
  'account:admin',
] as const;
export type Scope = (typeof scopes)[number];

/** What each scope allows, as the OpenAPI document and the web app's token form say it. */
export const scopeDescriptions: Record<Scope, string> = {
  'sessions:send': 'Send templates and documents; resend invites and hand out signing links.',
  'sessions:read': 'List and read sessions, their audit trails and signed documents.',
  'sessions:cancel': 'Cancel sessions; purge test sessions.',
  'templates:read': 'List and read templates.',
  'templates:write': 'Create, edit and delete templates.',
  drive: "List, upload, read and delete the account drive's files.",
  webhooks: 'Manage webhook endpoints and their deliveries.',
  'account:read': 'Read the account, its branding, members and allowance.',
  'account:admin':
    'Administer the account: members, every token, settings, branding, the drive connection, legal holds, purges, single sign-on and the activity log.',
};

/** Every scope but `account:admin`: what a member who is not an owner holds. */
export const memberScopes: readonly Scope[] = scopes.filter((s) => s !== 'account:admin');

/** The scopes of a member's role. */
export const scopesOfRole = (role: 'owner' | 'member'): readonly Scope[] =>
  role === 'owner' ? scopes : memberScopes;

const known = new Set<string>(scopes);
export const isScope = (value: string): value is Scope => known.has(value);

/** Scopes in the order `scopes` lists them, each once: how they are stored, shown and compared. */
export const normalizeScopes = (list: Iterable<Scope>): Scope[] => {
  const wanted = new Set(list);
  return scopes.filter((s) => wanted.has(s));
};
