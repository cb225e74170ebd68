import type { Static } from 'typebox';
import { esc } from '../../domain/html.js';
import { partnerUserRoles } from '../../domain/partner-users/permissions.js';
import { limits } from '../../limits.js';
import type { PartnerUser } from '../../partner-users/schema.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { formatMoment } from '../../platform/browser/format.js';

// The workspace page's "Dashboard users" section (issue 30, item 1: partner users are invited "by an operator or by
// the workspace's own admin"): who of the partner may sign in to /dashboard, with their role, and, for a role with
// the operator API's permission for each (admin.dashboardUsers.*), the forms that invite, change a role, send a new
// enrolment link and disable. The link is shown in the answer to its POST only (workspacePage puts it at the top).

type User = Static<typeof PartnerUser>;

/** The section's content; absent from the page input when the role may not list the workspace's dashboard users. */
export interface DashboardUsersInput {
  readonly users: readonly User[];
  /** The moment of the page: whether a pending enrolment link still works. */
  readonly nowMs: number;
  readonly mayInvite: boolean;
  readonly maySetRole: boolean;
  readonly mayDisable: boolean;
  readonly mayReissue: boolean;
}

/** An enrolment link just issued (an invitation or a new link), shown once. */
export interface IssuedEnrolmentLink {
  readonly email: string;
  readonly url: string;
}

export interface DashboardUsersSectionInput {
  readonly me: SignedInOperator;
  readonly workspaceId: string;
  readonly dashboardUsers: DashboardUsersInput;
  /** What the section's forms could not do (an address not one, a duplicate, the workspace's only admin). */
  readonly error?: string;
  /** The address the invitation form was sent with, kept when it is refused. */
  readonly inviteEmail?: string;
}

const roleOptions = (selected: string) =>
  partnerUserRoles.map((r) => `<option value="${r}"${r === selected ? ' selected' : ''}>${r}</option>`).join('');

function statusOf(u: User, nowMs: number): string {
  if (u.disabled) return 'Disabled';
  if (u.enrolled) return 'Enabled';
  const until = (u.enrolmentExpiresAt ?? 0) * 1000;
  return until > nowMs
    ? `Enrolment pending: the link works until ${formatMoment(until)}`
    : `Enrolment pending: the link expired at ${formatMoment(until)}; send a new one`;
}

function actionsOf(input: DashboardUsersSectionInput, u: User): string {
  const { me, dashboardUsers: may } = input;
  // A disabled person has no action left: a new link is refused to them (partner-users/service.ts).
  if (u.disabled) return '<span class="muted">None</span>';
  const path = `/console/workspaces/${encodeURIComponent(input.workspaceId)}/dashboard-users/${encodeURIComponent(u.partnerUserId)}`;
  const label = esc(u.email);
  const forms = [
    may.maySetRole
      ? `<form class="inline" method="post" action="${esc(path)}/role">${hiddenToken(me.csrfToken)}
<label>Role for ${label} <select name="role">${roleOptions(u.role)}</select></label>
<button class="secondary" type="submit" aria-label="Change role: ${label}">Change role</button></form>`
      : '',
    may.mayReissue
      ? `<form class="inline" method="post" action="${esc(path)}/enrolment">${hiddenToken(me.csrfToken)}<button class="secondary" type="submit" aria-label="New enrolment link: ${label}">New enrolment link</button></form>`
      : '',
    may.mayDisable
      ? `<form class="inline" method="post" action="${esc(path)}/disable">${hiddenToken(me.csrfToken)}<button class="danger" type="submit" aria-label="Disable: ${label}">Disable</button></form>`
      : '',
  ].filter((f) => f !== '');
  return forms.length === 0 ? '<span class="muted">None</span>' : `<div class="actions">${forms.join('\n')}</div>`;
}

export function dashboardUsersSection(input: DashboardUsersSectionInput): string {
  const { me, dashboardUsers: may } = input;
  const acts = may.maySetRole || may.mayReissue || may.mayDisable;
  const rows = may.users
    .map(
      (u) => `<tr><td data-label="Email">${esc(u.email)}</td><td data-label="Role">${esc(u.role)}</td>
<td data-label="Status">${esc(statusOf(u, may.nowMs))}</td><td data-label="Last sign-in">${u.lastSignInAt === null ? 'Never' : esc(formatMoment(u.lastSignInAt * 1000))}</td>${acts ? `<td data-label="Actions">${actionsOf(input, u)}</td>` : ''}</tr>`,
    )
    .join('\n');
  const invite = may.mayInvite
    ? `<h3>Invite someone</h3>
<form method="post" action="/console/workspaces/${esc(encodeURIComponent(input.workspaceId))}/dashboard-users"${input.error ? ' aria-describedby="users-error"' : ''}>${hiddenToken(me.csrfToken)}
<label>Email <input type="email" name="email" autocomplete="off" required maxlength="254" value="${esc(input.inviteEmail ?? '')}"></label>
<label>Role <select name="role">${roleOptions('developer')}</select></label>
<div class="actions"><button type="submit">Invite and show the enrolment link</button></div>
</form>`
    : '';
  return `<h2 id="dashboard-users">Dashboard users</h2>
<p>The partner's people who may sign in to its dashboard. A viewer reads the workspace; a developer also manages webhook endpoints and the sandbox; an admin also rotates its credentials and manages these people. The workspace keeps at least one enabled admin.</p>
${input.error ? `<p class="error" id="users-error" role="alert">${esc(input.error)}</p>` : ''}
<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Last sign-in</th>${acts ? '<th scope="col">Actions</th>' : ''}</tr></thead>
<tbody>
${rows || `<tr><td colspan="${acts ? 5 : 4}">No dashboard users yet.</td></tr>`}
</tbody></table></div>
${invite}`;
}

/** The link just issued, at the top of the page: shown now and never again (only its hash is stored). */
export function issuedLinkNotice(link: IssuedEnrolmentLink): string {
  return `<div class="notice" role="status"><p><strong>Enrolment link for ${esc(link.email)}</strong>, shown only now. Give it to its person over a trusted channel; it works once, within ${limits.operatorEnrolmentLinkTtlHours} hours.</p>
<p class="secret" id="enrolment-link">${esc(link.url)}</p></div>`;
}
