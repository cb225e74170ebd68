import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { limits } from '../limits.js';
import { liveDashboardSession } from '../partner-users/sessions.js';
import { signInPartnerUser, signOutPartnerUser } from '../partner-users/sign-in.js';
import { boundToken, boundTokenAccepted, csrfField, sameOrigin } from '../platform/browser/csrf.js';
import { formatMoment } from '../platform/browser/format.js';
import { formField } from '../platform/browser/forms.js';
import { newToken, tokenPattern } from '../platform/browser/tokens.js';
import { forgedTitle } from './auth.js';
import { clearCookie, loginFormCookie, readCookie, sessionCookie, setCookie } from './cookies.js';
import { sendDashboardNotice, sendDashboardPage } from './layout.js';
import { dashboardLoginPage } from './login-views.js';

// Signing in to the dashboard (issue 30, item 1): GET and POST /dashboard/login (e-mail, password and code in one
// form, partner-users/sign-in.ts). The signed-in session is a new cookie, so no token seen before sign-in is ever a
// signed-in one (no fixation). The sign-in form's token is bound to a random cookie of this browser, under a
// binding of the dashboard's own ('dashboard-login:'), so the console's form token is worthless here.

const forgedText = 'The form did not come from this dashboard, or the page is too old. Reload the page and try again.';
const refusedText = 'The email, password or code is not right.';

/** The sign-in form's token, bound to a random cookie of this browser (set when it has none). */
function loginFormToken(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): string {
  let value = readCookie(request, loginFormCookie);
  if (value === undefined || !tokenPattern.test(value)) {
    value = newToken();
    setCookie(reply, ctx, loginFormCookie, value, ctx.clock.nowMs() + limits.consoleLoginFormTtlHours * 3_600_000);
  }
  return boundToken(ctx, `dashboard-login:${value}`);
}

export async function dashboardLoginRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hide = { schema: { hide: true } };

  function showLogin(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: { email?: string; error?: string; notice?: string },
    status = 200,
  ) {
    return sendDashboardPage(
      reply,
      dashboardLoginPage({ token: loginFormToken(ctx, request, reply), ...extra }),
      status,
    );
  }

  app.get<{ Querystring: { ended?: string } }>('/dashboard/login', hide, async (request, reply) => {
    if (await liveDashboardSession(ctx, readCookie(request, sessionCookie))) return reply.redirect('/dashboard', 303);
    const notice = request.query.ended === 'signed-out' ? 'You have signed out.' : undefined;
    return showLogin(request, reply, notice ? { notice } : {});
  });

  app.post('/dashboard/login', hide, async (request, reply) => {
    const cookie = readCookie(request, loginFormCookie);
    const accepted =
      cookie !== undefined && boundTokenAccepted(ctx, formField(request, csrfField), `dashboard-login:${cookie}`);
    if (!sameOrigin(ctx, request) || !accepted) return sendDashboardNotice(reply, 403, forgedTitle, forgedText);
    const email = formField(request, 'email').slice(0, 254);
    const outcome = await signInPartnerUser(
      ctx,
      {
        email,
        password: formField(request, 'password').slice(0, 1_000),
        code: formField(request, 'code').slice(0, 20),
        previousToken: readCookie(request, sessionCookie),
      },
      { address: request.ip, userAgent: request.headers['user-agent'], requestId: request.id },
    );
    switch (outcome.kind) {
      case 'locked': {
        const error = `Too many attempts to sign in from here. Try again after ${formatMoment(outcome.retryAtMs + 59_999)}.`;
        return showLogin(request, reply, { email, error }, 429);
      }
      case 'refused':
        return showLogin(request, reply, { email, error: refusedText }, 401);
      case 'signed-in':
        clearCookie(reply, ctx, loginFormCookie);
        setCookie(reply, ctx, sessionCookie, outcome.cookie.token, outcome.cookie.expiresAtMs);
        return reply.redirect('/dashboard', 303);
    }
  });
}

/** POST /dashboard/logout, behind the session (routes.ts): the session ends, the cookie goes. */
export async function dashboardLogoutRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/dashboard/logout', { schema: { hide: true }, config: { ownSession: true } }, async (request, reply) => {
    await signOutPartnerUser(ctx, readCookie(request, sessionCookie), {
      actor: request.actor,
      partnerUserId: request.partnerUser.partnerUserId,
      requestId: request.id,
    });
    clearCookie(reply, ctx, sessionCookie);
    return reply.redirect('/dashboard/login?ended=signed-out', 303);
  });
}
