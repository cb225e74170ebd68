import type { Static } from 'typebox';
import { verificationProfileNames } from '../../catalogue/verification-profiles.js';
import { esc } from '../../domain/html.js';
import { mayAct } from '../../domain/operators/permissions.js';
import { limits } from '../../limits.js';
import type { SignedInOperator } from '../../platform/actor.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { formatMoment, formatMomentToSecond } from '../../platform/browser/format.js';
import type { Credentials, RotatedCredentials, Workspace } from '../api/schema.js';
import type { ConsolePage } from './layout.js';
import {
  type DashboardUsersInput,
  dashboardUsersSection,
  type IssuedEnrolmentLink,
  issuedLinkNotice,
} from './workspaces-dashboard-users-views.js';

// The workspaces pages' HTML: the list with the create form, one workspace with its settings form and the
// credentials' rotation (with its overlap, and the overlap's revocation while it runs), its dashboard users
// (workspaces-dashboard-users-views.ts), and the answer that shows a new password, the only time it is ever shown.

type WorkspaceOut = Static<typeof Workspace>;
type CredentialsOut = Static<typeof Credentials> | Static<typeof RotatedCredentials>;

const current = '/console/workspaces';
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const secondsMoment = (seconds: number) => formatMoment(seconds * 1000);
const secondsMomentToSecond = (seconds: number) => formatMomentToSecond(seconds * 1000);

export interface WorkspacesListInput {
  readonly me: SignedInOperator;
  readonly workspaces: readonly WorkspaceOut[];
  readonly page: number;
  readonly hasMore: boolean;
  /** Whether the person may create one (the form is shown only then). */
  readonly mayCreate: boolean;
  /** Stage offers simulation; production has none. */
  readonly stage: boolean;
  readonly error?: string;
  readonly name?: string;
}

export function workspacesListPage(input: WorkspacesListInput): ConsolePage {
  const rows = input.workspaces
    .map(
      (w) => `<tr><td data-label="Name"><a href="/console/workspaces/${esc(w.workspaceId)}">${esc(w.name)}</a></td>
<td data-label="Id"><code>${esc(w.workspaceId)}</code></td><td data-label="Enabled">${yesNo(w.enabled)}</td>
<td data-label="Simulation">${yesNo(w.simulation)}</td><td data-label="Created">${esc(secondsMoment(w.createdAt))}</td></tr>`,
    )
    .join('\n');
  const pages = [
    input.page > 0 ? `<a href="/console/workspaces?page=${input.page - 1}">Previous page</a>` : '',
    input.hasMore ? `<a href="/console/workspaces?page=${input.page + 1}">Next page</a>` : '',
  ].join(' ');
  const simulation = input.stage
    ? '<label>Simulation <select name="simulation"><option value="yes">Yes: sandbox money</option><option value="no">No</option></select></label>'
    : '';
  const create = input.mayCreate
    ? `<h2>Create a workspace</h2>
${input.error ? `<p class="error" id="create-error" role="alert">${esc(input.error)}</p>` : ''}
<form method="post" action="/console/workspaces">${hiddenToken(input.me.csrfToken)}
<label>Name <input name="name" required maxlength="100" value="${esc(input.name ?? '')}"${input.error ? ' aria-describedby="create-error"' : ''}></label>
${simulation}
<div class="actions"><button type="submit">Create and show the credentials</button></div>
</form>`
    : '';
  return {
    title: 'Workspaces',
    operator: input.me,
    current,
    body: `<h1>Workspaces</h1>
<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Name</th><th scope="col">Id</th><th scope="col">Enabled</th><th scope="col">Simulation</th><th scope="col">Created</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No workspaces yet.</td></tr>'}
</tbody></table></div>
${pages.trim() ? `<p>${pages}</p>` : ''}
${create}`,
  };
}

/** The answer to a creation or a rotation: the password, shown now and never again (not stored, not cached). */
export function credentialsPage(me: SignedInOperator, credentials: CredentialsOut, created: boolean): ConsolePage {
  const title = created ? 'Workspace created' : 'Credentials rotated';
  const previousUntil = 'previousPasswordExpiresAt' in credentials ? credentials.previousPasswordExpiresAt : null;
  const lead = created
    ? 'The workspace exists. Give these credentials to the partner over a trusted channel.'
    : previousUntil === null
      ? 'A new password was issued. The old one no longer works, and tokens minted with it stop working within seconds.'
      : `A new password was issued. The previous one, and the tokens minted with it, keep working until ${secondsMomentToSecond(previousUntil)}; then only this one works. Once the partner uses the new password, revoke the previous one on the workspace's page.`;
  return {
    title,
    operator: me,
    current,
    body: `<h1>${title}</h1>
<p>${lead}</p>
<div class="notice" role="status"><p><strong>The password is shown only now.</strong> It is stored hashed and cannot be shown again; rotate the credentials if it is lost.</p></div>
<div class="table-wrap"><table>
<tbody>
<tr><th scope="row">Workspace id</th><td><span class="secret">${esc(credentials.workspaceId)}</span></td></tr>
<tr><th scope="row">Client id</th><td><span class="secret">${esc(credentials.clientId)}</span></td></tr>
<tr><th scope="row">Username</th><td><span class="secret">${esc(credentials.username)}</span></td></tr>
<tr><th scope="row">Password</th><td><span class="secret" id="new-password">${esc(credentials.password)}</span></td></tr>
</tbody></table></div>
<p><a href="/console/workspaces/${esc(credentials.workspaceId)}">Open the workspace</a></p>`,
  };
}

export interface WorkspacePageInput {
  readonly me: SignedInOperator;
  readonly workspace: WorkspaceOut;
  readonly mayUpdate: boolean;
  readonly mayRotate: boolean;
  /** Whether the person may end a running overlap (the button is shown only then, and only while one runs). */
  readonly mayRevoke: boolean;
  readonly stage: boolean;
  readonly notice?: string;
  /** What the settings form could not read. */
  readonly error?: string;
  /** What the rotation form could not read. */
  readonly rotateError?: string;
  /** The workspace's dashboard users; absent when the role may not list them. */
  readonly dashboardUsers?: DashboardUsersInput;
  /** What a dashboard user's form could not do. */
  readonly usersError?: string;
  /** The address a refused invitation was sent with, kept in its form. */
  readonly inviteEmail?: string;
  /** An enrolment link just issued to a dashboard user: the only time it is shown. */
  readonly enrolmentLink?: IssuedEnrolmentLink;
}

const option = (value: string, label: string, selected: boolean) =>
  `<option value="${esc(value)}"${selected ? ' selected' : ''}>${esc(label)}</option>`;
const yesNoSelect = (name: string, label: string, value: boolean, hint: string) =>
  `<label>${esc(label)} <span class="hint">${esc(hint)}</span><select name="${name}">${option('yes', 'Yes', value)}${option('no', 'No', !value)}</select></label>`;

function settingsForm(input: WorkspacePageInput): string {
  const w = input.workspace;
  const feePairs = Object.entries(w.feeSchedule.pairs)
    .map(([pair, bps]) => `${pair} ${bps}`)
    .join(', ');
  const profiles = verificationProfileNames.map((p) => option(p, p, p === w.verificationProfile)).join('');
  // In production a workspace never simulates: the field is not offered (the use case refuses it anyway).
  const simulation = input.stage
    ? yesNoSelect('simulation', 'Simulation', w.simulation, 'Sandbox money and the simulate helpers')
    : '<input type="hidden" name="simulation" value="no">';
  return `<h2>Change settings</h2>
${input.error ? `<p class="error" id="settings-error" role="alert">${esc(input.error)}</p>` : ''}
<form method="post" action="/console/workspaces/${esc(w.workspaceId)}/settings"${input.error ? ' aria-describedby="settings-error"' : ''}>${hiddenToken(input.me.csrfToken)}
${yesNoSelect('enabled', 'Enabled', w.enabled, 'A disabled workspace cannot obtain tokens or call the API')}
${simulation}
<label>Enabled pairs <span class="hint">Separated by commas, such as EUR/BRL, USD/MXN; blank: every supported pair</span><input name="enabledPairs" value="${esc((w.enabledPairs ?? []).join(', '))}"></label>
<label>Default fee (basis points) <input name="defaultBps" inputmode="numeric" required value="${w.feeSchedule.defaultBps}"></label>
<label>Fee per pair (basis points) <span class="hint">Such as EUR/BRL 40, USD/MXN 30; blank: none</span><input name="feePairs" value="${esc(feePairs)}"></label>
<label>Write limit (writes a minute) <span class="hint">Blank: the server's default</span><input name="writeLimitPerMinute" inputmode="numeric" value="${w.writeLimitPerMinute ?? ''}"></label>
${yesNoSelect('readThrottleLifted', 'Read throttle lifted', w.readThrottleLifted, 'Yes: list reads are not throttled')}
<label>Verification profile <select name="verificationProfile">${profiles}</select></label>
<div class="actions"><button type="submit">Save settings</button></div>
</form>`;
}

/** The overlaps offered, in seconds: none (a leaked password), an hour, a day (the API's default), three days, a week. */
const overlapChoices: readonly [number, string][] = [
  [0, 'None: the current password and its tokens stop now'],
  [3_600, '1 hour'],
  [limits.credentialOverlapDefaultSeconds, '24 hours'],
  [3 * limits.credentialOverlapDefaultSeconds, '3 days'],
  [limits.credentialOverlapMaxSeconds, '7 days'],
];

function rotateForm(input: WorkspacePageInput): string {
  const w = input.workspace;
  const choices = overlapChoices
    .map(([seconds, label]) => option(String(seconds), label, seconds === limits.credentialOverlapDefaultSeconds))
    .join('');
  const again =
    w.previousPasswordExpiresAt === null
      ? ''
      : ' An overlap is running: rotating again stops the previous password now (only one previous password is kept).';
  return `<h2>Credentials</h2>
<p>Rotating issues a new password, shown once. During the overlap the password being replaced, and the tokens minted with it, keep working, so the partner switches without downtime; then only the new one works. Choose None when the password may have leaked.${again}</p>
${input.rotateError ? `<p class="error" id="rotate-error" role="alert">${esc(input.rotateError)}</p>` : ''}
<form method="post" action="/console/workspaces/${esc(w.workspaceId)}/rotate-credentials"${input.rotateError ? ' aria-describedby="rotate-error"' : ''}>${hiddenToken(input.me.csrfToken)}
<label>Overlap <span class="hint">How long the current password keeps working beside the new one</span><select name="overlapSeconds">${choices}</select></label>
<div class="actions"><button class="danger" type="submit">Rotate credentials</button></div>
</form>`;
}

/** While an overlap runs: until when, and the button that ends it now. */
function revokeForm(input: WorkspacePageInput, until: number): string {
  return `<h2>Previous password</h2>
<p>The previous password, and the tokens minted with it, work until ${esc(secondsMomentToSecond(until))}. Revoke it once the partner uses the new one, or now if it may have leaked.</p>
<form method="post" action="/console/workspaces/${esc(input.workspace.workspaceId)}/revoke-previous-credentials">${hiddenToken(input.me.csrfToken)}
<div class="actions"><button class="danger" type="submit">Revoke the previous password</button></div>
</form>`;
}

const usersSection = (input: WorkspacePageInput, dashboardUsers: DashboardUsersInput) =>
  dashboardUsersSection({
    me: input.me,
    workspaceId: input.workspace.workspaceId,
    dashboardUsers,
    ...(input.usersError === undefined ? {} : { error: input.usersError }),
    ...(input.inviteEmail === undefined ? {} : { inviteEmail: input.inviteEmail }),
  });

export function workspacePage(input: WorkspacePageInput): ConsolePage {
  const w = input.workspace;
  const rows: [string, string][] = [
    ['Id', w.workspaceId],
    ['Client id', w.clientId],
    ['Username', w.username],
    ['Enabled', yesNo(w.enabled)],
    ['Simulation', yesNo(w.simulation)],
    ['Enabled pairs', w.enabledPairs === null ? 'Every supported pair' : w.enabledPairs.join(', ') || 'None'],
    ['Default fee', `${w.feeSchedule.defaultBps} bps`],
    [
      'Fee per pair',
      Object.entries(w.feeSchedule.pairs)
        .map(([pair, bps]) => `${pair}: ${bps} bps`)
        .join(', ') || 'None',
    ],
    ['Write limit', w.writeLimitPerMinute === null ? "The server's default" : `${w.writeLimitPerMinute} a minute`],
    ['Read throttle lifted', yesNo(w.readThrottleLifted)],
    ['Verification profile', w.verificationProfile],
    ['Credential version', String(w.credentialVersion)],
    [
      'Previous password',
      w.previousPasswordExpiresAt === null
        ? 'None: only the current password works'
        : `Works until ${secondsMomentToSecond(w.previousPasswordExpiresAt)}`,
    ],
    ['Created', secondsMoment(w.createdAt)],
    ['Updated', secondsMoment(w.updatedAt)],
  ];
  const table = rows.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`).join('\n');
  return {
    title: `Workspace ${w.name}`,
    operator: input.me,
    current,
    body: `<p><a href="/console/workspaces">All workspaces</a></p>
<h1>${esc(w.name)}</h1>
${input.notice ? `<p class="done" role="status">${esc(input.notice)}</p>` : ''}
${input.enrolmentLink ? issuedLinkNotice(input.enrolmentLink) : ''}
<div class="table-wrap"><table><tbody>
${table}
</tbody></table></div>
<p><a href="/console/ledger?workspace=${esc(encodeURIComponent(w.workspaceId))}">Its ledger journal and balances</a></p>
<p><a href="/console/webhooks?workspace=${esc(encodeURIComponent(w.workspaceId))}">Its webhook endpoints and their delivery attempts</a></p>
${mayAct(input.me.role, 'audit.read') ? `<p><a href="/console/audit?workspaceId=${esc(encodeURIComponent(w.workspaceId))}">History: its changes in the audit log</a></p>` : ''}
${input.mayUpdate ? settingsForm(input) : ''}
${input.mayRotate ? rotateForm(input) : ''}
${input.mayRevoke && w.previousPasswordExpiresAt !== null ? revokeForm(input, w.previousPasswordExpiresAt) : ''}
${input.dashboardUsers ? usersSection(input, input.dashboardUsers) : ''}`,
  };
}
