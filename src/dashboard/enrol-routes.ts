import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { partnerUserEnrolment } from '../partner-users/enrolment.js';
import { enrolmentRoutes } from '../platform/browser/enrol-routes.js';
import { enrolmentProblemTexts } from '../platform/browser/enrol-views.js';
import { forgedTitle } from './auth.js';
import { sendDashboardNotice, sendDashboardPage } from './layout.js';

// The invitation link (GET and POST /dashboard/enrol/<secret>): set a password and the second factor, on the
// signed-in sites' enrolment page (platform/browser/enrol-routes.ts) in the dashboard's own.

export async function dashboardEnrolRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await enrolmentRoutes(app, ctx, {
    home: '/dashboard',
    flow: partnerUserEnrolment,
    formBinding: 'dashboard-enrol',
    // Every dashboard role needs the second factor, so the form requires the code: one sent empty all the same is
    // answered as a wrong one.
    problemTexts: { ...enrolmentProblemTexts, 'code-required': enrolmentProblemTexts.code },
    goneText: "The invitation link has expired or was already used. Ask your workspace's admin for a new one.",
    forgedTitle,
    forgedText: 'The form did not come from this dashboard. Open the link again.',
    sendPage: sendDashboardPage,
    sendNotice: sendDashboardNotice,
  });
}
