import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { enrolmentRoutes } from '../../platform/browser/enrol-routes.js';
import { enrolmentProblemTexts } from '../../platform/browser/enrol-views.js';
import { operatorEnrolment } from '../operators/enrolment.js';
import { forgedTitle } from './auth.js';
import { sendConsolePage, sendNotice } from './layout.js';

// The enrolment link an admin was shown (GET and POST /console/enrol/<secret>): set a password and the second
// factor, on the signed-in sites' enrolment page (platform/browser/enrol-routes.ts) in the console's own.

export async function enrolRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await enrolmentRoutes(app, ctx, {
    home: '/console',
    flow: operatorEnrolment,
    formBinding: 'enrol',
    problemTexts: enrolmentProblemTexts,
    goneText: 'The enrolment link has expired or was already used. Ask an admin for a new one.',
    forgedTitle,
    forgedText: 'The form did not come from this console. Open the link again.',
    sendPage: sendConsolePage,
    sendNotice,
  });
}
