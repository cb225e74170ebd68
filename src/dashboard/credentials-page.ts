import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { esc } from '../domain/html.js';
import { mayDo } from '../domain/partner-users/permissions.js';
import { limits } from '../limits.js';
import type { SignedInPartnerUser } from '../platform/actor.js';
import { hiddenToken } from '../platform/browser/csrf.js';
import { formatMomentToSecond } from '../platform/browser/format.js';
import { formField } from '../platform/browser/forms.js';
import { livePreviousPasswordUntilMs } from '../workspaces/credentials.js';
import { findWorkspace } from '../workspaces/repo.js';
import { type RotatedCredentials, revokePreviousCredentialsOf, rotateCredentialsOf } from '../workspaces/rotation.js';
import { requireDashboardPermission } from './auth.js';
import { sendDashboardNotice, sendDashboardPage } from './layout.js';

// The workspace's API credentials (issue 30, item 1, "Credentials"): every role sees the client id and username and
// whether a previous password still works; an admin issues a new password with an overlap in which both work
// (workspaces/rotation.ts, the operator API's and the console's rotation) and ends the overlap early.

const current = '/dashboard/credentials';

/** The overlaps offered, in seconds: the default first, then none, then the longest the server allows. */
const overlapChoices: readonly { readonly seconds: number; readonly label: string }[] = [
  { seconds: limits.credentialOverlapDefaultSeconds, label: 'Keep the old password for 24 hours (recommended)' },
  { seconds: limits.credentialOverlapMaxSeconds, label: 'Keep the old password for 7 days' },
  { seconds: 0, label: 'Stop the old password now' },
];

function rotatedPage(me: SignedInPartnerUser, rotated: RotatedCredentials) {
  const until = rotated.previousPasswordExpiresAt;
  const lead =
    until === null
      ? 'A new password was issued. The old one no longer works, and tokens minted with it stop working within seconds.'
      : `A new password was issued. The previous one, and the tokens minted with it, keep working until ${formatMomentToSecond(until * 1000)}. Deploy the new one, then end the overlap on the credentials page.`;
  return {
    title: 'New password',
    user: me,
    current,
    body: `<h1>New password</h1>
<p>${esc(lead)}</p>
<div class="notice" role="status"><p><strong>The password is shown only now.</strong> It is stored hashed and cannot be shown again.</p></div>
<div class="table-wrap"><table class="facts"><tbody>
<tr><th scope="row">Client id</th><td><span class="secret">${esc(rotated.clientId)}</span></td></tr>
<tr><th scope="row">Username</th><td><span class="secret">${esc(rotated.username)}</span></td></tr>
<tr><th scope="row">Password</th><td><span class="secret" id="new-password">${esc(rotated.password)}</span></td></tr>
</tbody></table></div>
<p><a href="${current}">Back to credentials</a></p>`,
  };
}

export async function dashboardCredentialsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function show(request: FastifyRequest, reply: FastifyReply, notice?: string, status = 200) {
    const me = request.partnerUser;
    const workspace = await findWorkspace(ctx.db, me.workspaceId);
    if (!workspace) return reply.callNotFound();
    const previousUntil = livePreviousPasswordUntilMs(workspace, ctx.clock.nowMs());
    const mayRotate = mayDo(me.role, 'dashboard.credentials.rotate');
    const options = overlapChoices.map((c) => `<option value="${c.seconds}">${esc(c.label)}</option>`).join('');
    const rotate = mayRotate
      ? `<h2>Issue a new password</h2>
<form method="post" action="${current}/rotate">${hiddenToken(me.csrfToken)}
<label>The current password <select name="overlapSeconds">${options}</select></label>
<div class="actions"><button type="submit">Issue a new password</button></div>
</form>${
          previousUntil === null
            ? ''
            : `<h2>End the overlap</h2>
<form method="post" action="${current}/revoke-previous">${hiddenToken(me.csrfToken)}
<p>Once every program uses the new password, stop the previous one now rather than at ${esc(formatMomentToSecond(previousUntil))}.</p>
<div class="actions"><button class="danger" type="submit">Stop the previous password now</button></div>
</form>`
        }`
      : '<p class="muted">Only an admin of the workspace issues a new password.</p>';
    return sendDashboardPage(
      reply,
      {
        title: 'Credentials',
        user: me,
        current,
        body: `<h1>Credentials</h1>
${notice ? `<p class="done" role="status">${esc(notice)}</p>` : ''}
<p>Your programs exchange these for an access token at <code>POST /oauth/token</code>.</p>
<div class="table-wrap"><table class="facts"><tbody>
<tr><th scope="row">Client id</th><td><span class="secret">${esc(workspace.client_id)}</span></td></tr>
<tr><th scope="row">Username</th><td><span class="secret">${esc(workspace.username)}</span></td></tr>
<tr><th scope="row">Previous password</th><td>${previousUntil === null ? 'None works' : `Works until ${esc(formatMomentToSecond(previousUntil))}`}</td></tr>
</tbody></table></div>
${rotate}`,
      },
      status,
    );
  }

  app.get(
    current,
    { schema: { hide: true }, preHandler: requireDashboardPermission('dashboard.read') },
    (request, reply) =>
      show(
        request,
        reply,
        (request.query as { done?: string }).done === 'revoked' ? 'The previous password no longer works.' : undefined,
      ),
  );

  const changing = {
    schema: { hide: true },
    preHandler: requireDashboardPermission('dashboard.credentials.rotate'),
  };

  app.post(
    `${current}/rotate`,
    { ...changing, config: { auditAction: 'dashboard.credentials.rotate' } },
    async (request, reply) => {
      const chosen = Number(formField(request, 'overlapSeconds'));
      const choice = overlapChoices.find((c) => c.seconds === chosen);
      if (choice === undefined) {
        const text = 'Pick one of the overlaps the form offers.';
        return sendDashboardNotice(reply, 400, 'Choose an overlap', text, request.partnerUser);
      }
      const rotated = await rotateCredentialsOf(ctx, request.partnerUser.workspaceId, choice.seconds);
      return sendDashboardPage(reply, rotatedPage(request.partnerUser, rotated));
    },
  );

  app.post(
    `${current}/revoke-previous`,
    { ...changing, config: { auditAction: 'dashboard.credentials.revokePrevious' } },
    async (request, reply) => {
      await revokePreviousCredentialsOf(ctx, request.partnerUser.workspaceId);
      return reply.redirect(`${current}?done=revoked`, 303);
    },
  );
}
