import type { Static } from 'typebox';
import { esc } from '../domain/html.js';
import { partnerUserRoles } from '../domain/partner-users/permissions.js';
import type { PartnerUser } from '../partner-users/schema.js';
import type { SignedInPartnerUser } from '../platform/actor.js';
import { hiddenToken } from '../platform/browser/csrf.js';
import { formatMoment } from '../platform/browser/format.js';
import type { DashboardPage } from './layout.js';

// The people page: who of the workspace may sign in, and, for an admin, the forms that invite, change a role, send
// a new link and disable.

type User = Static<typeof PartnerUser>;
const current = '/dashboard/users';

const roleOptions = (selected: string) =>
  partnerUserRoles.map((r) => `<option value="${r}"${r === selected ? ' selected' : ''}>${r}</option>`).join('');

function stateOf(u: User): string {
  if (u.disabled) return 'Disabled';
  if (!u.enrolled) return `Invited (link works until ${formatMoment((u.enrolmentExpiresAt ?? 0) * 1000)})`;
  return u.lastSignInAt === null ? 'Set up' : `Last signed in ${formatMoment(u.lastSignInAt * 1000)}`;
}

function actionsOf(me: SignedInPartnerUser, u: User): string {
  if (u.disabled) return '<span class="muted">None</span>';
  const path = `${current}/${encodeURIComponent(u.partnerUserId)}`;
  const label = esc(u.email);
  return `<div class="actions">
<form class="inline" method="post" action="${path}/role">${hiddenToken(me.csrfToken)}
<label>Role for ${label} <select name="role">${roleOptions(u.role)}</select></label>
<button class="secondary" type="submit">Change role</button></form>
<form class="inline" method="post" action="${path}/enrolment">${hiddenToken(me.csrfToken)}<button class="secondary" type="submit" aria-label="Send ${label} a new link">New link</button></form>
<form class="inline" method="post" action="${path}/disable">${hiddenToken(me.csrfToken)}<button class="danger" type="submit" aria-label="Disable ${label}">Disable</button></form>
</div>`;
}

export interface UsersPageInput {
  readonly me: SignedInPartnerUser;
  readonly users: readonly User[];
  readonly mayManage: boolean;
  readonly notice?: string;
  readonly error?: string;
  /** The invitation just made: its link, shown once. */
  readonly link?: { readonly email: string; readonly url: string };
}

export function usersPage(input: UsersPageInput): DashboardPage {
  const { me, users, mayManage } = input;
  const rows = users
    .map(
      (
        u,
      ) => `<tr><td data-label="Email">${esc(u.email)}${u.partnerUserId === me.partnerUserId ? ' <span class="muted">(you)</span>' : ''}</td>
<td data-label="Role">${esc(u.role)}</td><td data-label="State">${esc(stateOf(u))}</td>${mayManage ? `<td data-label="Actions">${actionsOf(me, u)}</td>` : ''}</tr>`,
    )
    .join('');
  const invite = mayManage
    ? `<h2>Invite someone</h2>
<form method="post" action="${current}/invite">${hiddenToken(me.csrfToken)}
<label>Email <input type="email" name="email" autocomplete="off" required maxlength="254"></label>
<label>Role <select name="role">${roleOptions('developer')}</select></label>
<div class="actions"><button type="submit">Invite</button></div>
</form>`
    : '';
  const link = input.link
    ? `<div class="notice" role="status"><p><strong>Send this link to ${esc(input.link.email)}</strong>; it is shown only now and works once:</p>
<span class="secret" id="invitation-link">${esc(input.link.url)}</span></div>`
    : '';
  return {
    title: 'People',
    user: me,
    current,
    body: `<h1>People</h1>
${input.notice ? `<p class="done" role="status">${esc(input.notice)}</p>` : ''}
${input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : ''}
${link}
<div class="table-wrap"><table class="cards">
<caption>Who may sign in to this workspace's dashboard</caption>
<thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">State</th>${mayManage ? '<th scope="col">Actions</th>' : ''}</tr></thead>
<tbody>${rows}</tbody></table></div>
${invite}`,
  };
}
