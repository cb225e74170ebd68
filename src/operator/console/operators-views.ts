import { esc } from '../../domain/html.js';
import { operatorRoles } from '../../domain/operators/roles.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { formatMoment } from '../../platform/browser/format.js';
import type { OperatorRow } from '../operators/repo.js';
import type { ConsolePage } from './layout.js';

// The operators page (admins): the accounts, a form to create one, and each account's actions.

export interface OperatorsPageInput {
  readonly me: SignedInOperator;
  readonly operators: readonly OperatorRow[];
  /** A link shown once, just after it was issued. */
  readonly issued?: { readonly email: string; readonly url: string };
  readonly notice?: string;
  readonly error?: string;
  readonly email?: string;
}

const statusOf = (o: OperatorRow) =>
  o.disabled
    ? 'Disabled'
    : o.enrolled
      ? 'Active'
      : `Enrolment pending until ${formatMoment(o.enrolment_expires_at_ms)}`;

function actions(me: SignedInOperator, o: OperatorRow): string {
  if (o.disabled) return '';
  const button = (action: string, label: string, style = 'secondary') =>
    `<form class="inline" method="post" action="/console/operators/${esc(o.id)}/${action}">${hiddenToken(me.csrfToken)}<button class="${style}" type="submit" aria-label="${esc(`${label}: ${o.email}`)}">${esc(label)}</button></form>`;
  const self = o.id === me.operatorId;
  return `<div class="actions">${[
    self ? '' : button('revoke-sessions', 'End sessions'),
    self ? '' : button('enrolment', 'New enrolment link'),
    self ? '<span class="muted">You</span>' : button('disable', 'Disable', 'danger'),
  ].join('')}</div>`;
}

export function operatorsPage(input: OperatorsPageInput): ConsolePage {
  const { me } = input;
  const rows = input.operators
    .map(
      (o) => `<tr><td data-label="Email">${esc(o.email)}</td><td data-label="Role">${esc(o.role)}</td>
<td data-label="Status">${esc(statusOf(o))}</td><td data-label="Sign-in">${o.totp_enrolled ? 'TOTP' : 'Password only'}</td>
<td data-label="Last sign-in">${esc(formatMoment(o.last_sign_in_at_ms))}</td><td>${actions(me, o)}</td></tr>`,
    )
    .join('\n');
  const issued = input.issued
    ? `<div class="notice" role="status"><p><strong>Enrolment link for ${esc(input.issued.email)}</strong>, shown only now. Give it to its person over a trusted channel; it works once.</p>
<p class="secret">${esc(input.issued.url)}</p></div>`
    : '';
  const roleOptions = operatorRoles.map((r) => `<option value="${r}">${r}</option>`).join('');
  return {
    title: 'Operators',
    operator: me,
    current: '/console/operators',
    body: `<h1>Operators</h1>
${issued}
${input.notice ? `<p class="done" role="status">${esc(input.notice)}</p>` : ''}
<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Sign-in</th><th scope="col">Last sign-in</th><th scope="col"><span class="muted">Actions</span></th></tr></thead>
<tbody>
${rows}
</tbody></table></div>
<h2>Add an operator</h2>
${input.error ? `<p class="error" id="create-error" role="alert">${esc(input.error)}</p>` : ''}
<form method="post" action="/console/operators">${hiddenToken(me.csrfToken)}
<label>Email <input type="email" name="email" required value="${esc(input.email ?? '')}"${input.error ? ' aria-describedby="create-error"' : ''}></label>
<label>Role <select name="role">${roleOptions}</select></label>
<div class="actions"><button type="submit">Create and show the enrolment link</button></div>
</form>`,
  };
}
