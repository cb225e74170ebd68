import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { completePartnerUserEnrolment, openPartnerUserEnrolment } from '../partner-users/enrolment.js';
import { boundToken, boundTokenAccepted, csrfField, sameOrigin } from '../platform/browser/csrf.js';
import { formField } from '../platform/browser/forms.js';
import { tokenHash } from '../platform/browser/tokens.js';
import { forgedTitle } from './auth.js';
import { dashboardEnrolDonePage, dashboardEnrolPage } from './enrol-views.js';
import { sendDashboardNotice, sendDashboardPage } from './layout.js';

// The invitation link (GET and POST /dashboard/enrol/<secret>): set a password and the second factor. The form's
// token is bound to the link's secret; the link works until used or expired.

type Link = { Params: { secret: string } };
const secretParams = {
  type: 'object',
  properties: { secret: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['secret'],
} as const;

const goneTitle = 'This link no longer works';
const goneText = "The invitation link has expired or was already used. Ask your workspace's admin for a new one.";

export async function dashboardEnrolRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const binding = (secret: string) => `dashboard-enrol:${tokenHash(secret)}`;
  const pathOf = (request: FastifyRequest<Link>) => `/dashboard/enrol/${request.params.secret}`;
  const options = { schema: { hide: true, params: secretParams } };

  app.get<Link>('/dashboard/enrol/:secret', options, async (request, reply) => {
    const page = await openPartnerUserEnrolment(ctx, request.params.secret);
    if (!page) return sendDashboardNotice(reply, 404, goneTitle, goneText);
    return sendDashboardPage(
      reply,
      dashboardEnrolPage(pathOf(request), page, boundToken(ctx, binding(request.params.secret))),
    );
  });

  app.post<Link>('/dashboard/enrol/:secret', options, async (request, reply) => {
    const { secret } = request.params;
    if (!sameOrigin(ctx, request) || !boundTokenAccepted(ctx, formField(request, csrfField), binding(secret))) {
      return sendDashboardNotice(
        reply,
        403,
        forgedTitle,
        'The form did not come from this dashboard. Open the link again.',
      );
    }
    const result = await completePartnerUserEnrolment(ctx, secret, {
      password: formField(request, 'password'),
      confirmation: formField(request, 'confirmation'),
      code: formField(request, 'code'),
    });
    if (result.ok) return sendDashboardPage(reply, dashboardEnrolDonePage(result.email));
    const page = result.problem === 'gone' ? undefined : await openPartnerUserEnrolment(ctx, secret);
    if (!page || result.problem === 'gone') return sendDashboardNotice(reply, 410, goneTitle, goneText);
    return sendDashboardPage(
      reply,
      dashboardEnrolPage(pathOf(request), page, boundToken(ctx, binding(secret)), result.problem),
      400,
    );
  });
}
