import { type OperatorRole, operatorRoles } from './roles.js';

/**
 * Which operator role may do what (operator console issue, item 1): one row per action. The actions are every
 * operation of the operator API by its operationId (platform/operation-ids.ts, the `admin.*` ones; a test fails when
 * one has no row) and the console's own actions (`console.*`, `operators.manage`, `audit.read`, ...).
 *
 * The principle (docs/decisions/operators-console-and-audit.md, "Operator accounts and the console's shell", "Roles"): a viewer reads only; support reads and answers partners
 * (tickets, conversations), releases idempotency keys and re-sends webhooks; compliance reads and decides what is
 * held or screened (compliance holds, manual KYC review, AML resolutions, sanctions lists, refund approval); an
 * admin does everything, including workspaces, credentials, operators, bank files, payout batches and housekeeping.
 *
 * `effect` says what an action does to the business, and is what the second factor is derived from: every role
 * that may do an action which moves money or changes a workspace must sign in with TOTP (the words).
 */
export type ActionEffect =
  /** Reads; changes nothing. */
  | 'read'
  /** Changes something that is neither money nor a workspace (a ticket's status, a reply, a released key). */
  | 'change'
  /** Moves money or decides whether it moves (a hold cleared, a refund approved, a credit assigned, a payout cut). */
  | 'money'
  /** Changes a workspace, its credentials, or who may operate the platform. */
  | 'workspace';

export interface Permission {
  readonly effect: ActionEffect;
  readonly roles: readonly OperatorRole[];
}

const everyone: readonly OperatorRole[] = operatorRoles;
const support: readonly OperatorRole[] = ['support', 'admin'];
const compliance: readonly OperatorRole[] = ['compliance', 'admin'];
const admin: readonly OperatorRole[] = ['admin'];

const read = (roles: readonly OperatorRole[] = everyone): Permission => ({ effect: 'read', roles });
const change = (roles: readonly OperatorRole[]): Permission => ({ effect: 'change', roles });
const money = (roles: readonly OperatorRole[]): Permission => ({ effect: 'money', roles });
const workspace = (roles: readonly OperatorRole[]): Permission => ({ effect: 'workspace', roles });

export const permissions = {
  // Workspaces and their credentials.
  'admin.workspaces.create': workspace(admin),
  'admin.workspaces.list': read(),
  'admin.workspaces.get': read(),
  'admin.workspaces.update': workspace(admin),
  'admin.workspaces.rotateCredentials': workspace(admin),
  // Ending an overlap changes which credentials work, as the rotation that started it did.
  'admin.workspaces.revokePreviousCredentials': workspace(admin),
  'admin.capabilities.get': read(),
  'admin.database.get': read(),
  // Who of a workspace may sign in to the partner dashboard, and with what role: a change to the workspace.
  'admin.dashboardUsers.invite': workspace(admin),
  'admin.dashboardUsers.list': read(),
  'admin.dashboardUsers.setRole': workspace(admin),
  'admin.dashboardUsers.disable': workspace(admin),
  'admin.dashboardUsers.reissueEnrolment': workspace(admin),

  // The ledger and production's money in and out.
  'admin.ledger.verify': read(),
  'admin.bankFiles.import': money(admin),
  'admin.bankFiles.list': read(),
  'admin.bankFiles.get': read(),
  // Accepting a held statement makes money move on evidence that broke its chain: the same role as importing it.
  'admin.bankFiles.accept': money(admin),
  'admin.bankFiles.reject': money(admin),
  'admin.bankEntries.list': read(),
  'admin.bankEntries.assign': money(admin),
  'admin.bankEntries.return': money(admin),
  'admin.reconciliation.get': read(),
  'admin.payoutBatches.cut': money(admin),
  'admin.payoutBatches.list': read(),
  // The file carries every beneficiary's account details and is what is handed to the bank: whoever cuts it.
  'admin.payoutBatches.file': read(admin),

  // Compliance: holds, manual KYC review, AML, sanctions lists, refunds.
  'admin.compliance.decideDeposit': money(compliance),
  'admin.compliance.decideOrder': money(compliance),
  'admin.verifications.decide': change(compliance),
  // Every role that reads the console's KYC queue; the captured document's fields only to those who may decide.
  'admin.verifications.list': read(),
  'admin.amlScreenings.list': read(),
  'admin.amlScreenings.resolve': money(compliance),
  'admin.sanctionsLists.importOfacSdn': change(compliance),
  'admin.sanctionsLists.list': read(),
  'admin.refunds.act': money(compliance),

  // Support: conversations and tickets with partners, released keys.
  'admin.conversations.create': change(support),
  'admin.conversations.list': read(),
  'admin.conversations.get': read(),
  'admin.conversations.addMessage': change(support),
  'admin.conversations.close': change(support),
  'admin.conversations.attachment': read(),
  'admin.supportTickets.list': read(),
  'admin.supportTickets.get': read(),
  'admin.supportTickets.addMessage': change(support),
  'admin.supportTickets.setStatus': change(support),
  'admin.idempotencyKeys.release': change(support),

  // Housekeeping.
  'admin.housekeeping.get': read(),
  'admin.housekeeping.run': change(admin),

  // The audit log.
  'admin.auditLog.list': read(compliance),

  // What needs a person now, and the daily figures.
  'admin.overview.get': read(),
  'admin.stats.daily': read(),

  // Operator accounts (the operator API of this issue).
  'admin.operators.create': workspace(admin),
  'admin.operators.list': read(admin),
  'admin.operators.disable': workspace(admin),
  'admin.operators.revokeSessions': workspace(admin),
  'admin.operators.reissueEnrolment': workspace(admin),

  // The console's own actions.
  /** Sign in and see the console's home, search and the pages of what every role may read. */
  'console.view': read(),
  /** One's own sessions: list them, end one. */
  'console.ownSessions': change(everyone),
  /** The operators page: create, disable, revoke sessions, re-issue an enrolment link. */
  'operators.manage': workspace(admin),
  /** The audit log: who changed what, before and after. */
  'audit.read': read(compliance),
  /** Re-send an event to a workspace's webhook endpoints (the partner API's resend, done for the partner). */
  'webhooks.resend': change(support),
} as const satisfies Record<string, Permission>;

export type OperatorAction = keyof typeof permissions;

export const operatorActions = Object.keys(permissions) as OperatorAction[];

export const isOperatorAction = (value: string): value is OperatorAction => Object.hasOwn(permissions, value);

/** Whether a role may do an action. */
export function mayAct(role: OperatorRole, action: OperatorAction): boolean {
  return (permissions[action].roles as readonly OperatorRole[]).includes(role);
}

/** The effects whose roles must sign in with a second factor: moving money, changing a workspace (the issue). */
const secondFactorEffects: readonly ActionEffect[] = ['money', 'workspace'];

/** Whether a role must sign in with TOTP: it may do at least one action that moves money or changes a workspace. */
export function secondFactorRequired(role: OperatorRole): boolean {
  return operatorActions.some(
    (action) => secondFactorEffects.includes(permissions[action].effect) && mayAct(role, action),
  );
}
