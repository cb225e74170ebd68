import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { type DashboardAction, mayDo } from '../domain/partner-users/permissions.js';
import { liveDashboardSession } from '../partner-users/sessions.js';
import { partnerUserActor } from '../partner-users/sign-in.js';
import type { SignedInPartnerUser } from '../platform/actor.js';
import { csrfField, sameOrigin, tokenMatches } from '../platform/browser/csrf.js';
import { formField } from '../platform/browser/forms.js';
import { clearCookie, readCookie, sessionCookie } from './cookies.js';
import { sendDashboardNotice } from './layout.js';

// The dashboard's authentication (issue 30, item 1), as the console's (operator/console/auth.ts): the session from
// its cookie (an ended one sends the browser to the sign-in page), `request.partnerUser` and `request.actor`, the
// form token of every POST, and the permission each route names (domain/partner-users/permissions.ts). The partner
// API (/v1) never reads a dashboard session: it stays bearer-only.

declare module 'fastify' {
  interface FastifyRequest {
    /** The person signed in to the dashboard (set by dashboardSession). */
    partnerUser: SignedInPartnerUser;
  }
}

export const forgedTitle = 'This form cannot be accepted';
const forgedText =
  'The form did not come from this dashboard, or the page is too old. Go back, reload the page and try again.';

/** onRequest: a POST from another site is refused before anything else; then the session, or the sign-in page. */
export function dashboardSession(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !sameOrigin(ctx, request)) {
      return sendDashboardNotice(reply, 403, forgedTitle, forgedText);
    }
    const token = readCookie(request, sessionCookie);
    const live = await liveDashboardSession(ctx, token);
    if (!live) {
      if (token !== undefined) clearCookie(reply, ctx, sessionCookie);
      return reply.redirect('/dashboard/login', 303);
    }
    const { user, session } = live;
    request.partnerUser = {
      partnerUserId: user.id,
      workspaceId: user.workspace_id,
      email: user.email,
      role: user.role,
      sessionId: session.id,
      csrfToken: session.csrf_token,
    };
    request.actor = partnerUserActor(user, { address: request.ip, userAgent: request.headers['user-agent'] });
  };
}

/** preHandler: every POST carries its session's synchronizer token (a forged form has none: 403). */
export function dashboardFormToken() {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'POST' && !tokenMatches(formField(request, csrfField), request.partnerUser.csrfToken)) {
      return sendDashboardNotice(reply, 403, forgedTitle, forgedText, request.partnerUser);
    }
  };
}

/** preHandler of a route: the page and its POST are both refused (403) to a role without the permission. */
export function requireDashboardPermission(action: DashboardAction) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!mayDo(request.partnerUser.role, action)) {
      return sendDashboardNotice(
        reply,
        403,
        'Not allowed for your role',
        `Your role (${request.partnerUser.role}) does not allow this. Ask your workspace's admin if you need it.`,
        request.partnerUser,
      );
    }
  };
}
