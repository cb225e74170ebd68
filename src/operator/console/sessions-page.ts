import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { hiddenToken } from '../../platform/browser/csrf.js';
import { formatMoment } from '../../platform/browser/format.js';
import { liveSessions, revokeOperatorSessions, revokeSession } from '../operators/sessions-repo.js';
import { auditOwnSessionsEnded, signInActions } from '../operators/sign-in-audit.js';
import { requirePermission } from './auth.js';
import { sendConsolePage } from './layout.js';

// "My sessions" (GET /console/sessions): where the person is signed in, with a way to end any other session, or all
// of them but this one. Ending one's own sessions is not an operator change (no audit scope), but it is recorded in
// the audit log with the sign-ins (operators/sign-in-audit.ts).

const ownSessionsBy = (request: FastifyRequest) => ({
  actor: request.actor,
  operatorId: request.operator.operatorId,
  requestId: request.id,
});

type SessionParams = { Params: { sessionId: string } };
const sessionParams = {
  type: 'object',
  properties: { sessionId: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
  required: ['sessionId'],
} as const;

export async function sessionsPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const permission = requirePermission('console.ownSessions');

  app.get<{ Querystring: { ended?: string } }>(
    '/console/sessions',
    { schema: { hide: true }, preHandler: permission, config: { ownSession: true } },
    async (request, reply) => {
      const operator = request.operator;
      const sessions = await liveSessions(ctx.db, operator.operatorId, ctx.clock.nowMs());
      const rows = sessions
        .map((s) => {
          const here = s.id === operator.sessionId;
          const action = here
            ? '<span class="muted">This session</span>'
            : `<form class="inline" method="post" action="/console/sessions/${esc(s.id)}/revoke">${hiddenToken(operator.csrfToken)}<button class="secondary" type="submit">Sign out this session</button></form>`;
          return `<tr><td data-label="Signed in">${esc(formatMoment(s.created_at_ms))}</td>
<td data-label="Last used">${esc(formatMoment(s.last_seen_at_ms))}</td><td data-label="Address">${esc(s.address)}</td>
<td data-label="Browser">${esc(s.user_agent ?? '—')}</td><td>${action}</td></tr>`;
        })
        .join('\n');
      const ended = request.query.ended;
      const notice =
        ended && /^\d{1,4}$/.test(ended) ? `<p class="done" role="status">${esc(`Sessions ended: ${ended}.`)}</p>` : '';
      return sendConsolePage(reply, {
        title: 'My sessions',
        operator,
        current: '/console/sessions',
        body: `<h1>My sessions</h1>
${notice}
<p>Where ${esc(operator.email)} is signed in. A session ends after ${ctx.config.operatorSessionIdleMinutes} minutes without use, and ${ctx.config.operatorSessionMaxHours} hours after sign-in.</p>
<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Signed in</th><th scope="col">Last used</th><th scope="col">Address</th><th scope="col">Browser</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
<tbody>
${rows}
</tbody></table></div>
<h2>Everywhere else</h2>
<form method="post" action="/console/sessions/revoke-others">${hiddenToken(operator.csrfToken)}
<div class="actions"><button class="secondary" type="submit">Sign out every other session</button></div></form>`,
      });
    },
  );

  app.post<SessionParams>(
    '/console/sessions/:sessionId/revoke',
    { schema: { hide: true, params: sessionParams }, preHandler: permission, config: { ownSession: true } },
    async (request, reply) => {
      const own = await liveSessions(ctx.db, request.operator.operatorId, ctx.clock.nowMs());
      // Only a session of the person's own; another's id changes nothing.
      const ended = own.some((s) => s.id === request.params.sessionId) ? 1 : 0;
      if (ended) {
        const nowMs = ctx.clock.nowMs();
        await ctx.db.transaction(async (tx) => {
          await revokeSession(tx, request.params.sessionId, nowMs);
          await auditOwnSessionsEnded(tx, ownSessionsBy(request), signInActions.sessionEnded, 1, nowMs);
        });
      }
      return reply.redirect(`/console/sessions?ended=${ended}`, 303);
    },
  );

  app.post(
    '/console/sessions/revoke-others',
    { schema: { hide: true }, preHandler: permission, config: { ownSession: true } },
    async (request, reply) => {
      const operator = request.operator;
      const nowMs = ctx.clock.nowMs();
      const ended = await ctx.db.transaction(async (tx) => {
        const count = await revokeOperatorSessions(tx, operator.operatorId, nowMs, operator.sessionId);
        await auditOwnSessionsEnded(tx, ownSessionsBy(request), signInActions.otherSessionsEnded, count, nowMs);
        return count;
      });
      return reply.redirect(`/console/sessions?ended=${ended}`, 303);
    },
  );
}
