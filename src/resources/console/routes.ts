import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { consoleSession, formToken } from './auth.js';
import { enrolRoutes } from './enrol-routes.js';
import { registerFormParser } from './forms.js';
import { homeRoutes } from './home-routes.js';
import { sendNotice } from './layout.js';
import { loginRoutes } from './login-routes.js';
import { operatorsPageRoutes } from './operators-page.js';
import { amlQueueRoutes } from './queues-aml.js';
import { conversationsQueueRoutes } from './queues-conversations.js';
import { holdsQueueRoutes } from './queues-holds.js';
import { idempotencyQueueRoutes } from './queues-idempotency.js';
import { queuesIndexRoutes } from './queues-index.js';
import { kycQueueRoutes } from './queues-kyc.js';
import { refundsQueueRoutes } from './queues-refunds.js';
import { ticketsQueueRoutes } from './queues-tickets.js';
import { sessionsPageRoutes } from './sessions-page.js';
import { consoleStyleRoute } from './style.js';

// The operator console at /console (operator console issue, item 3): server-rendered pages for the brokerage's own
// people. Open: the style sheet, sign-in and enrolment. Everything else is behind a console session (auth.ts), and
// each route names the permission it needs. A section's routes are registered in `signedIn` below.

export async function consoleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerFormParser(app);
  // Failures are pages, not JSON: the reader is a person in a browser.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'console page failed');
      return sendNotice(reply, 503, 'Something went wrong', 'The console could not finish this. Try again shortly.');
    }
    const text = status === 404 ? 'There is nothing here.' : 'The console could not read this request.';
    return sendNotice(reply, status, status === 404 ? 'Not found' : 'Request not understood', text);
  });
  await consoleStyleRoute(app);
  await loginRoutes(app, ctx);
  await enrolRoutes(app, ctx);
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', consoleSession(ctx));
    signedIn.addHook('preHandler', formToken());
    await homeRoutes(signedIn, ctx);
    await operatorsPageRoutes(signedIn, ctx);
    await sessionsPageRoutes(signedIn, ctx);
    await queuesIndexRoutes(signedIn, ctx);
    await holdsQueueRoutes(signedIn, ctx);
    await kycQueueRoutes(signedIn, ctx);
    await amlQueueRoutes(signedIn, ctx);
    await refundsQueueRoutes(signedIn, ctx);
    await idempotencyQueueRoutes(signedIn, ctx);
    await ticketsQueueRoutes(signedIn, ctx);
    await conversationsQueueRoutes(signedIn, ctx);
  });
}
