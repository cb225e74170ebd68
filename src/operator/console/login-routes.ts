import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { limits } from '../../limits.js';
import { boundToken, boundTokenAccepted, csrfField, sameOrigin, tokenMatches } from '../../platform/browser/csrf.js';
import { formatMoment } from '../../platform/browser/format.js';
import { formField } from '../../platform/browser/forms.js';
import { newToken, tokenPattern } from '../../platform/browser/tokens.js';
import { liveSession, type Who } from '../operators/sessions.js';
import { confirmSecondFactor, type SignInOutcome, signInWithPassword } from '../operators/sign-in.js';
import { forgedTitle } from './auth.js';
import { clearCookie, loginFormCookie, pendingCookie, readCookie, sessionCookie, setCookie } from './cookies.js';
import { sendConsolePage, sendNotice } from './layout.js';
import { codePage, loginPage } from './login-views.js';

// Signing in (operator console issue, item 1): GET and POST /console/login (email and password), then GET and POST
// /console/login/code (the TOTP code) when the account has a second factor. Each step answers with a new cookie:
// the password step's session is replaced by a new one once the code is right, so no token seen before sign-in is
// ever a signed-in one (no fixation).

const forgedText = 'The form did not come from this console, or the page is too old. Reload the page and try again.';
const refusedText = 'The email or password is not right.';

const who = (request: FastifyRequest): Who => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
  requestId: request.id,
});

/** The sign-in form's token, bound to a random cookie of this browser (set when it has none). */
function loginFormToken(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): string {
  let value = readCookie(request, loginFormCookie);
  if (value === undefined || !tokenPattern.test(value)) {
    value = newToken();
    setCookie(reply, ctx, loginFormCookie, value, ctx.clock.nowMs() + limits.consoleLoginFormTtlHours * 3_600_000);
  }
  return boundToken(ctx, `login:${value}`);
}

function lockedText(retryAtMs: number): string {
  return `Too many attempts to sign in. Try again after ${formatMoment(retryAtMs + 59_999)}, or now with your password and the code of your authenticator app together.`;
}

export async function loginRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hide = { schema: { hide: true } };

  function showLogin(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: { email?: string; error?: string; notice?: string; withCode?: boolean },
    status = 200,
  ) {
    return sendConsolePage(reply, loginPage({ token: loginFormToken(ctx, request, reply), ...extra }), status);
  }

  /** Where a finished sign-in step sends the browser, with its cookies. */
  function answer(request: FastifyRequest, reply: FastifyReply, outcome: SignInOutcome, email: string) {
    switch (outcome.kind) {
      case 'locked':
        clearCookie(reply, ctx, pendingCookie);
        return showLogin(request, reply, { email, error: lockedText(outcome.retryAtMs), withCode: true }, 429);
      case 'refused':
        return showLogin(request, reply, { email, error: refusedText }, 401);
      case 'second-factor':
        clearCookie(reply, ctx, sessionCookie);
        setCookie(reply, ctx, pendingCookie, outcome.cookie.token, outcome.cookie.expiresAtMs);
        return reply.redirect('/console/login/code', 303);
      case 'signed-in':
        clearCookie(reply, ctx, pendingCookie);
        clearCookie(reply, ctx, loginFormCookie);
        setCookie(reply, ctx, sessionCookie, outcome.cookie.token, outcome.cookie.expiresAtMs);
        return reply.redirect('/console', 303);
    }
  }

  app.get<{ Querystring: { ended?: string } }>('/console/login', hide, async (request, reply) => {
    if (await liveSession(ctx, readCookie(request, sessionCookie), 'signed-in')) return reply.redirect('/console', 303);
    const notice = request.query.ended === 'signed-out' ? 'You have signed out.' : undefined;
    return showLogin(request, reply, notice ? { notice } : {});
  });

  app.post('/console/login', hide, async (request, reply) => {
    const cookie = readCookie(request, loginFormCookie);
    const accepted = cookie !== undefined && boundTokenAccepted(ctx, formField(request, csrfField), `login:${cookie}`);
    if (!sameOrigin(ctx, request) || !accepted) {
      return sendNotice(reply, 403, forgedTitle, forgedText);
    }
    const email = formField(request, 'email').slice(0, 254);
    const outcome = await signInWithPassword(
      ctx,
      {
        email,
        password: formField(request, 'password').slice(0, 1_000),
        code: formField(request, 'code').slice(0, 20),
        previousToken: readCookie(request, sessionCookie),
      },
      who(request),
    );
    return answer(request, reply, outcome, email);
  });

  app.get('/console/login/code', hide, async (request, reply) => {
    const pending = await liveSession(ctx, readCookie(request, pendingCookie), 'second-factor');
    if (!pending) return reply.redirect('/console/login', 303);
    return sendConsolePage(reply, codePage(pending.session.csrf_token));
  });

  app.post('/console/login/code', hide, async (request, reply) => {
    const token = readCookie(request, pendingCookie);
    const pending = await liveSession(ctx, token, 'second-factor');
    if (!pending) return reply.redirect('/console/login', 303);
    if (!sameOrigin(ctx, request) || !tokenMatches(formField(request, csrfField), pending.session.csrf_token)) {
      return sendNotice(reply, 403, forgedTitle, forgedText);
    }
    const outcome = await confirmSecondFactor(ctx, token, formField(request, 'code'), who(request));
    if (outcome.kind === 'expired') return reply.redirect('/console/login', 303);
    if (outcome.kind === 'refused') {
      return sendConsolePage(
        reply,
        codePage(pending.session.csrf_token, 'That code is not right, or was already used. Enter the current one.'),
        401,
      );
    }
    return answer(request, reply, outcome, pending.operator.email);
  });
}
