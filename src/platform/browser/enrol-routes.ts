import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { BrowserAccountRow } from './account-store.js';
import { boundToken, boundTokenAccepted, csrfField, sameOrigin } from './csrf.js';
import { type EnrollingAccount, type EnrolmentView, enrolmentDonePage, enrolmentPage } from './enrol-views.js';
import type { EnrolmentFlow, EnrolmentProblem } from './enrolment.js';
import { formField } from './forms.js';
import { tokenHash } from './tokens.js';

// The enrolment link of a signed-in site (GET and POST <home>/enrol/<secret>), the console's and the dashboard's
// alike: set a password and the second factor (enrolment.ts). The form's token is bound to the link's secret; the
// link works until used or expired.

/** What differs between the sites' enrolment links: where, whose accounts, the texts, the site's own page. */
export interface EnrolmentRoutesSite<Account extends BrowserAccountRow & EnrollingAccount> {
  /** The site's home: the link is <home>/enrol/<secret>, the sign-in page <home>/login. */
  readonly home: '/console' | '/dashboard';
  readonly flow: EnrolmentFlow<Account>;
  /** What the form's token is bound to before the link's secret's hash (csrf.ts, boundToken). */
  readonly formBinding: string;
  readonly problemTexts: Readonly<Record<EnrolmentProblem, string>>;
  /** Said by the page of a link that no longer works. */
  readonly goneText: string;
  readonly forgedTitle: string;
  /** Said when the form's origin or token is refused. */
  readonly forgedText: string;
  readonly sendPage: (reply: FastifyReply, page: EnrolmentView, status?: number) => FastifyReply;
  readonly sendNotice: (reply: FastifyReply, status: number, title: string, text: string) => FastifyReply;
}

type Link = { Params: { secret: string } };
const secretParams = {
  type: 'object',
  properties: { secret: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['secret'],
} as const;

const goneTitle = 'This link no longer works';

export async function enrolmentRoutes<Account extends BrowserAccountRow & EnrollingAccount>(
  app: FastifyInstance,
  ctx: AppContext,
  site: EnrolmentRoutesSite<Account>,
): Promise<void> {
  const url = `${site.home}/enrol/:secret`;
  const options = { schema: { hide: true, params: secretParams } };
  const binding = (secret: string) => `${site.formBinding}:${tokenHash(secret)}`;
  const pathOf = (secret: string) => `${site.home}/enrol/${secret}`;

  app.get<Link>(url, options, async (request, reply) => {
    const { secret } = request.params;
    const page = await site.flow.open(ctx, secret);
    if (!page) return site.sendNotice(reply, 404, goneTitle, site.goneText);
    return site.sendPage(
      reply,
      enrolmentPage(site.problemTexts, pathOf(secret), page, boundToken(ctx, binding(secret))),
    );
  });

  app.post<Link>(url, options, async (request, reply) => {
    const { secret } = request.params;
    if (!sameOrigin(ctx, request) || !boundTokenAccepted(ctx, formField(request, csrfField), binding(secret))) {
      return site.sendNotice(reply, 403, site.forgedTitle, site.forgedText);
    }
    const result = await site.flow.complete(ctx, secret, {
      password: formField(request, 'password'),
      confirmation: formField(request, 'confirmation'),
      code: formField(request, 'code'),
    });
    if (result.ok) return site.sendPage(reply, enrolmentDonePage(`${site.home}/login`, result.email));
    const page = result.problem === 'gone' ? undefined : await site.flow.open(ctx, secret);
    if (!page || result.problem === 'gone') return site.sendNotice(reply, 410, goneTitle, site.goneText);
    const token = boundToken(ctx, binding(secret));
    return site.sendPage(reply, enrolmentPage(site.problemTexts, pathOf(secret), page, token, result.problem), 400);
  });
}
