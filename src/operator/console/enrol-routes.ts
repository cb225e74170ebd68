import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { boundToken, boundTokenAccepted, csrfField, sameOrigin } from '../../platform/browser/csrf.js';
import { formField } from '../../platform/browser/forms.js';
import { tokenHash } from '../../platform/browser/tokens.js';
import { completeEnrolment, openEnrolment } from '../operators/enrolment.js';
import { forgedTitle } from './auth.js';
import { enrolDonePage, enrolPage } from './enrol-views.js';
import { sendConsolePage, sendNotice } from './layout.js';

// The enrolment link an admin was shown (GET and POST /console/enrol/<secret>): set a password and the second
// factor. The form's token is bound to the link's secret; the link works until used or expired.

type Link = { Params: { secret: string } };
const secretParams = {
  type: 'object',
  properties: { secret: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['secret'],
} as const;

const goneTitle = 'This link no longer works';
const goneText = 'The enrolment link has expired or was already used. Ask an admin for a new one.';

export async function enrolRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const formToken = (secret: string) => boundToken(ctx, `enrol:${tokenHash(secret)}`);
  const pathOf = (request: FastifyRequest<Link>) => `/console/enrol/${request.params.secret}`;

  app.get<Link>('/console/enrol/:secret', { schema: { hide: true, params: secretParams } }, async (request, reply) => {
    const page = await openEnrolment(ctx, request.params.secret);
    if (!page) return sendNotice(reply, 404, goneTitle, goneText);
    return sendConsolePage(reply, enrolPage(pathOf(request), page, formToken(request.params.secret)));
  });

  app.post<Link>('/console/enrol/:secret', { schema: { hide: true, params: secretParams } }, async (request, reply) => {
    const { secret } = request.params;
    if (
      !sameOrigin(ctx, request) ||
      !boundTokenAccepted(ctx, formField(request, csrfField), `enrol:${tokenHash(secret)}`)
    ) {
      return sendNotice(reply, 403, forgedTitle, 'The form did not come from this console. Open the link again.');
    }
    const result = await completeEnrolment(ctx, secret, {
      password: formField(request, 'password'),
      confirmation: formField(request, 'confirmation'),
      code: formField(request, 'code'),
    });
    if (result.ok) return sendConsolePage(reply, enrolDonePage(result.email));
    const page = result.problem === 'gone' ? undefined : await openEnrolment(ctx, secret);
    if (!page || result.problem === 'gone') return sendNotice(reply, 410, goneTitle, goneText);
    return sendConsolePage(reply, enrolPage(pathOf(request), page, formToken(secret), result.problem), 400);
  });
}
