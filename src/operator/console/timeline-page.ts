import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ApiError } from '../../domain/errors.js';
import { mayAct } from '../../domain/operators/permissions.js';
import { openSensitive } from '../../platform/secrets/sensitive.js';
import { findDeposit } from '../../resources/deposits/repo.js';
import { depositView } from '../../resources/deposits/view.js';
import { findOrder } from '../../resources/orders/repo.js';
import { orderView } from '../../resources/orders/view.js';
import { findWithdrawal } from '../../resources/withdrawals/repo.js';
import { withdrawalView } from '../../resources/withdrawals/view.js';
import { findWorkspace } from '../../workspaces/repo.js';
import { requirePermission } from './auth.js';
import { sendConsolePage, sendNotice } from './layout.js';
import { emailOfAccount, workspaceOfDeposit } from './search-repo.js';
import { customerPageRoute } from './timeline-customer.js';
import { attemptsOf, entriesFor, eventsAbout } from './timeline-repo.js';
import { resendForOperator } from './timeline-resend.js';
import { customerPath, type Fact, money, type RecordPageInput, recordPage, resentOf } from './timeline-views.js';

// The page of one order, deposit or withdrawal (operator console issue, item 3), found by its id alone (the console
// sees every workspace), with its timeline; and the resend of one of its events, which calls the partner API's own
// use case (POST /v1/events/{eventId}/resend: events/service.ts resendEvent) for the event's workspace.

type IdParams = { Params: { id: string }; Querystring: { resent?: string } };
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id'],
} as const;

/** What the page needs besides the record itself. */
interface RecordParts {
  readonly title: string;
  readonly workspaceId: string;
  /** The ids its events are about and its ledger entries reference (an order's deposit id too). */
  readonly ids: readonly string[];
  readonly facts: readonly Fact[];
  readonly view: Readonly<Record<string, unknown>>;
  readonly createdAtMs: bigint;
}

export async function timelinePageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = { schema: { hide: true, params: idParams }, preHandler: requirePermission('console.view') };

  async function show(request: FastifyRequest<IdParams>, reply: FastifyReply, parts: RecordParts | undefined) {
    const me = request.operator;
    if (!parts) return sendNotice(reply, 404, 'Not found', 'There is nothing with this id.', me);
    const workspace = await findWorkspace(ctx.db, parts.workspaceId);
    const events = await eventsAbout(ctx.db, parts.workspaceId, parts.ids);
    const resent = resentOf(request.query);
    const input: RecordPageInput = {
      me,
      title: parts.title,
      path: request.url.split('?')[0] ?? request.url,
      workspace: { id: parts.workspaceId, name: workspace?.name ?? parts.workspaceId },
      facts: parts.facts,
      view: parts.view,
      createdAtMs: parts.createdAtMs,
      events,
      attempts: await attemptsOf(
        ctx.db,
        events.map((e) => e.id),
      ),
      entries: await entriesFor(ctx.db, parts.ids),
      mayResend: mayAct(me.role, 'webhooks.resend'),
      ...(resent === undefined ? {} : { resent }),
    };
    return sendConsolePage(reply, recordPage(input));
  }

  const customerFact = (workspaceId: string, email: string | null | undefined): Fact[] =>
    email ? [['Customer', email, customerPath(workspaceId, email)]] : [];

  app.get<IdParams>('/console/orders/:id', options, async (request, reply) => {
    const row = await findOrder(ctx.db, request.params.id);
    return show(
      request,
      reply,
      row && {
        title: `Order ${row.id}`,
        workspaceId: row.workspace_id,
        ids: [row.id, row.deposit_id],
        facts: [
          ['Status', row.status],
          ['Pays in', money(row.origin_amount, row.origin_currency)],
          ['Pays out', money(row.destination_amount, row.destination_currency)],
          ['External reference', row.external_reference ?? '—'],
          ...customerFact(row.workspace_id, row.customer_email ?? row.payer_email),
        ],
        // The partner's view, its sealed fields opened for the operator (platform/secrets/sensitive.ts).
        view: openSensitive(ctx.secretsKeyring, orderView(row)),
        createdAtMs: row.created_at_ms,
      },
    );
  });

  app.get<IdParams>('/console/deposits/:id', options, async (request, reply) => {
    const workspaceId = await workspaceOfDeposit(ctx.db, request.params.id);
    const row = workspaceId === undefined ? undefined : await findDeposit(ctx.db, workspaceId, request.params.id);
    return show(
      request,
      reply,
      row && {
        title: `Deposit ${row.id}`,
        workspaceId: row.workspace_id,
        ids: [row.id],
        facts: [
          ['Status', row.status],
          ['Received', money(row.amount, row.currency)],
          ['Reference code', row.reference_code],
          ...customerFact(row.workspace_id, row.payer_email),
        ],
        view: openSensitive(ctx.secretsKeyring, depositView(row)),
        createdAtMs: row.created_at_ms,
      },
    );
  });

  app.get<IdParams>('/console/withdrawals/:id', options, async (request, reply) => {
    const row = await findWithdrawal(ctx.db, request.params.id);
    const email = row ? await emailOfAccount(ctx.db, row.account_id) : null;
    return show(
      request,
      reply,
      row && {
        title: `Withdrawal ${row.id}`,
        workspaceId: row.workspace_id,
        ids: [row.id],
        facts: [
          ['Status', row.status],
          ['Amount', money(row.amount, row.currency)],
          ['Fee', money(row.fee, row.currency)],
          ...customerFact(row.workspace_id, email),
        ],
        view: openSensitive(ctx.secretsKeyring, withdrawalView(row)),
        createdAtMs: row.created_at_ms,
      },
    );
  });

  await customerPageRoute(app, ctx);

  app.post<{ Params: { eventUid: string } }>(
    '/console/events/:eventUid/resend',
    {
      schema: {
        hide: true,
        params: {
          type: 'object',
          properties: { eventUid: { type: 'string', format: 'uuid' } },
          required: ['eventUid'],
        },
      },
      preHandler: requirePermission('webhooks.resend'),
      config: { auditAction: 'webhooks.resend' },
    },
    async (request, reply) => {
      const back = backPath(request);
      try {
        const deliveries = await resendForOperator(ctx, request.params.eventUid);
        return reply.redirect(`${back}${back.includes('?') ? '&' : '?'}resent=${deliveries}#events`, 303);
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) {
          return sendNotice(reply, error.status, 'The event was not sent', error.message, request.operator);
        }
        throw error;
      }
    },
  );
}

/** Where a resend returns: the record page it was asked from, never anywhere outside the console's record pages. */
function backPath(request: FastifyRequest): string {
  const body = request.body as Record<string, unknown> | undefined;
  const back = typeof body?.back === 'string' ? body.back : '';
  return /^\/console\/(orders|deposits|withdrawals)\/[A-Za-z0-9-]{1,64}$/.test(back) ||
    /^\/console\/customers\?workspace=[^&#/\\]{1,100}&email=[^&#/\\]{1,300}$/.test(back)
    ? back
    : '/console/search';
}
