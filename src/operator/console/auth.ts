import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { mayAct, type OperatorAction } from '../../domain/operators/permissions.js';
import { csrfField, sameOrigin, tokenMatches } from '../../platform/browser/csrf.js';
import { formField } from '../../platform/browser/forms.js';
import { liveSession } from '../operators/sessions.js';
import { clearCookie, readCookie, sessionCookie } from './cookies.js';
import { sendNotice } from './layout.js';

// The console's authentication (operator console issue, item 1), for every route behind sign-in: the session from
// its cookie (an ended one sends the browser to the sign-in page), `request.operator` and `request.actor`, the form
// token of every POST, and the permission each route names (domain/operators/permissions.ts). The operator API
// (/admin/v1) does not read console sessions: it stays bearer-only (docs/decisions/operators-console-and-audit.md, "Operator accounts and the console's shell").

export const forgedTitle = 'This form cannot be accepted';
const forgedText =
  'The form did not come from this console, or the page is too old. Go back, reload the page and try again.';

/** onRequest: a POST from another site is refused before anything else; then the session, or the sign-in page. */
export function consoleSession(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !sameOrigin(ctx, request)) {
      return sendNotice(reply, 403, forgedTitle, forgedText);
    }
    const token = readCookie(request, sessionCookie);
    const live = await liveSession(ctx, token, 'signed-in');
    if (!live) {
      if (token !== undefined) clearCookie(reply, ctx, sessionCookie);
      return reply.redirect('/console/login', 303);
    }
    const { operator, session } = live;
    const userAgent = request.headers['user-agent'];
    request.operator = {
      operatorId: operator.id,
      email: operator.email,
      role: operator.role,
      sessionId: session.id,
      csrfToken: session.csrf_token,
    };
    request.actor = {
      kind: 'operator',
      operatorId: operator.id,
      email: operator.email,
      role: operator.role,
      address: request.ip,
      ...(userAgent === undefined ? {} : { userAgent }),
    };
  };
}

/** preHandler: every POST carries its session's synchronizer token (a forged form has none: 403). */
export function formToken() {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'POST' && !tokenMatches(formField(request, csrfField), request.operator.csrfToken)) {
      return sendNotice(reply, 403, forgedTitle, forgedText, request.operator);
    }
  };
}

/** preHandler of a route: the page and its POST are both refused (403) to a role without the permission. */
export function requirePermission(action: OperatorAction) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!mayAct(request.operator.role, action)) {
      return sendNotice(
        reply,
        403,
        'Not allowed for your role',
        `Your role (${request.operator.role}) does not allow this. Ask an admin if you need it.`,
        request.operator,
      );
    }
  };
}
