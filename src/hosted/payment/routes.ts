import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { limits } from '../../limits.js';
import { openBankingProviderFor } from '../../providers/openbanking/sandbox-openbanking.js';
import { findSessionByToken, type SessionRow } from '../../resources/openbanking/repo.js';
import { tokenHash } from '../../resources/openbanking/service.js';
import { loadTarget } from '../../resources/openbanking/target.js';
import { isOverdue } from '../../resources/openbanking/transitions.js';
import { languageOf, languageOfRequest, sendForm, sendNotice, sendResult } from './page.js';
import { cancelPayment, formField, payByBank } from './pay.js';

// The hosted payment page, outside /v1: the payer reaches it through the web form link, without partner
// credentials; the link's secret is the only key. Every step is a form post answered by a redirect (PRG) to the
// page, which then shows the state, so a reload never pays twice.

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

interface PayParams {
  token: string;
}

/** Form fields arrive url-encoded; parsed here (in this scope only), repeated fields as arrays. */
function parseForm(_request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) {
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(String(body))) {
    const seen = fields[key];
    fields[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  done(null, fields);
}

export async function openBankingPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: limits.openBankingFormBodyLimitBytes },
    parseForm,
  );
  // Failures on these routes are pages, not JSON: the payer is a person in a browser.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const clientError = (error.statusCode ?? 500) < 500;
    if (!clientError) request.log.error({ err: error }, 'hosted payment page failed');
    return sendNotice(reply, languageOfRequest(request.headers['accept-language']), 'failure', clientError ? 400 : 503);
  });

  const provider = openBankingProviderFor(ctx.config);

  /** The session of a link, or the notice page answered for it (unknown 404, expired or replaced 410). */
  async function sessionOf(request: FastifyRequest<{ Params: PayParams }>, reply: FastifyReply) {
    const { token } = request.params;
    const session = tokenPattern.test(token) ? await findSessionByToken(ctx.db, tokenHash(token)) : undefined;
    if (!session || !provider) {
      await sendNotice(reply, languageOfRequest(request.headers['accept-language']), 'notFound');
      return undefined;
    }
    const gone = goneKind(session, ctx.clock.nowMs());
    if (gone) {
      await sendNotice(reply, languageOf(session), gone);
      return undefined;
    }
    return session;
  }

  app.get<{ Params: PayParams }>('/pay/:token', { schema: { hide: true } }, async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session || !provider) return reply;
    if (session.status !== 'CREATED') {
      const bank = provider.banks(session.currency).find((b) => b.id === session.bank_id);
      return sendResult(reply, session, request.params.token, bank?.name);
    }
    const target = await loadTarget(ctx.db, session.entity_type, session.workspace_id, session.entity_id);
    if (!target?.acceptsPayment) return sendNotice(reply, languageOf(session), 'closed');
    return sendForm(reply, session, request.params.token, provider.banks(session.currency), {
      sandbox: ctx.config.brokerageEnv === 'stage',
    });
  });

  app.post<{ Params: PayParams }>('/pay/:token', { schema: { hide: true } }, async (request, reply) => {
    const session = await sessionOf(request, reply);
    if (!session || !provider) return reply;
    const back = () => reply.code(303).header('location', `/pay/${request.params.token}`).send();
    // Already acted on (a second click, a reload): the page shows what happened.
    if (session.status !== 'CREATED') return back();
    if (formField(request.body, 'action') === 'cancel') {
      await cancelPayment(ctx.db, ctx.clock, session);
      return back();
    }
    const outcome = await payByBank(ctx, provider, session, request.body);
    if (outcome.kind === 'invalid') {
      return sendForm(reply, session, request.params.token, provider.banks(session.currency), {
        state: { errors: outcome.errors, values: outcome.values },
        sandbox: ctx.config.brokerageEnv === 'stage',
      });
    }
    return back();
  });
}

/** Links that no longer lead anywhere: expired unpaid, or replaced by a newer web form. */
function goneKind(session: SessionRow, nowMs: number): 'expired' | 'superseded' | undefined {
  if (session.status === 'EXPIRED' || isOverdue(session, nowMs)) return 'expired';
  if (session.status === 'CANCELLED' && session.reason === 'superseded') return 'superseded';
  return undefined;
}
