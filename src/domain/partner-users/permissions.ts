/**
 * The partner dashboard's roles and what each may do (issue 30, item 1; docs/decisions/partner-dashboard.md,
 * "Roles"): a table of its own, not the operators' (the dashboard shares the console's mechanisms, not its
 * permissions). Every role reads everything of its own workspace; a developer also drives what an integration
 * needs (webhook endpoints, re-sends, the stage sandbox's helpers); an admin also rotates the workspace's credentials
 * and decides who else may sign in.
 */
export const partnerUserRoles = ['viewer', 'developer', 'admin'] as const;
export type PartnerUserRole = (typeof partnerUserRoles)[number];

export const isPartnerUserRole = (value: string): value is PartnerUserRole =>
  (partnerUserRoles as readonly string[]).includes(value);

const everyone: readonly PartnerUserRole[] = partnerUserRoles;
const developers: readonly PartnerUserRole[] = ['developer', 'admin'];
const admins: readonly PartnerUserRole[] = ['admin'];

/** One row per dashboard action; a page's route names the action it needs, and so does each form it posts. */
export const dashboardPermissions = {
  /** Requests, events, deliveries, objects and their timelines, the workspace's people and audit log. */
  'dashboard.read': everyone,
  /** Endpoints created, edited, disabled, tested, their secrets rotated; events re-sent. */
  'dashboard.webhooks.manage': developers,
  /** The stage sandbox's helpers: simulate a transfer, move a KYC session, the test clock. */
  'dashboard.sandbox.use': developers,
  /** A new password for the workspace's API client, with an overlap; the previous one revoked. */
  'dashboard.credentials.rotate': admins,
  /** People invited, their roles changed, their access ended. */
  'dashboard.users.manage': admins,
} as const satisfies Record<string, readonly PartnerUserRole[]>;

export type DashboardAction = keyof typeof dashboardPermissions;

export const mayDo = (role: PartnerUserRole, action: DashboardAction): boolean =>
  (dashboardPermissions[action] as readonly PartnerUserRole[]).includes(role);
