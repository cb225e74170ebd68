import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { mayAct } from '../../domain/operators/permissions.js';
import { signOut } from '../operators/sign-in.js';
import { attentionList } from './attention.js';
import { requirePermission } from './auth.js';
import { clearCookie, readCookie, sessionCookie } from './cookies.js';
import { sendConsolePage } from './layout.js';
import { sections } from './sections.js';

// The console's home (GET /console): what needs a person now, with counts and links (attention.ts), then the
// sections the person's role may open. And signing out (POST /console/logout).

export async function homeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/console',
    { schema: { hide: true }, preHandler: requirePermission('console.view') },
    async (request, reply) => {
      const operator = request.operator;
      const links = sections
        .filter((s) => s.path !== '/console' && mayAct(operator.role, s.action))
        .map(
          (s) => `<li><a href="${esc(s.path)}"><strong>${esc(s.title)}</strong><span>${esc(s.summary)}</span></a></li>`,
        )
        .join('\n');
      return sendConsolePage(reply, {
        title: 'Home',
        operator,
        current: '/console',
        body: `<h1>What needs a person now</h1>
<p>Signed in as ${esc(operator.email)}, ${esc(operator.role)}.</p>
${await attentionList(ctx)}
<h2>Sections</h2>
<ul class="sections">
${links}
</ul>`,
      });
    },
  );

  app.post('/console/logout', { schema: { hide: true }, config: { ownSession: true } }, async (request, reply) => {
    const by = { actor: request.actor, operatorId: request.operator.operatorId, requestId: request.id };
    await signOut(ctx.db, ctx.clock, readCookie(request, sessionCookie), by);
    clearCookie(reply, ctx, sessionCookie);
    return reply.redirect('/console/login?ended=signed-out', 303);
  });
}
