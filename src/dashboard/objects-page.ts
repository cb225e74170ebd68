import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { amountToDecimal } from '../domain/money/currency-amount.js';
import { mayDo } from '../domain/partner-users/permissions.js';
import { acceptsInbound, depositStatuses } from '../domain/states/deposit-status.js';
import { orderAcceptsInbound, orderStatuses } from '../domain/states/order-status.js';
import { withdrawalStatuses } from '../domain/states/withdrawal-status.js';
import { attemptsOf, eventsAbout } from '../events/timeline.js';
import { entriesFor, groupEntries } from '../ledger/timeline.js';
import { pageSizeDefault } from '../platform/list-query.js';
import { openSensitive } from '../platform/secrets/sensitive.js';
import { findDeposit, listDeposits } from '../resources/deposits/repo.js';
import { depositView } from '../resources/deposits/view.js';
import { findOrder, listOrders } from '../resources/orders/repo.js';
import { orderView } from '../resources/orders/view.js';
import { findWithdrawal, listWithdrawals } from '../resources/withdrawals/repo.js';
import { withdrawalView } from '../resources/withdrawals/view.js';
import { requireDashboardPermission } from './auth.js';
import { sendDashboardNotice, sendDashboardPage } from './layout.js';
import { type Fact, type ListedObject, money, objectListPage, objectPage } from './objects-views.js';
import { sandboxWorkspace } from './sandbox-actions.js';
import { transferForm } from './sandbox-views.js';

// The workspace's orders, deposits and withdrawals (issue 30, "Objects"): each list newest first, filtered by
// status and paged as GET /v1/<kind> is (the same repository function, for the person's own workspace), and each
// object's page: its facts, the object as the partner API answers it (its view, its sealed fields opened as the
// partner API's answer opens them), its timeline, events and deliveries (events/timeline.ts, ledger/timeline.ts,
// which the console's record pages read too). An id of another workspace is not found here.

type ListQuery = { Querystring: { status?: string; page?: string; done?: string } };
type IdRoute = { Params: { id: string }; Querystring: { done?: string } };
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id'],
} as const;

/** The list's query as the page takes it: a known status or none, a page number; undefined when malformed. */
function listQueryOf(query: ListQuery['Querystring'], statuses: readonly string[]) {
  const status = query.status === undefined || query.status === '' ? undefined : query.status;
  if (status !== undefined && !statuses.includes(status)) return undefined;
  const pageText = query.page ?? '0';
  if (!/^\d{1,5}$/.test(pageText)) return undefined;
  return { status, page: Number(pageText) };
}

const decimal = (minor: bigint, currency: string) => {
  try {
    return amountToDecimal(minor > 0n ? minor : 0n, currency);
  } catch {
    return '';
  }
};

export async function dashboardObjectRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const reading = { schema: { hide: true }, preHandler: requireDashboardPermission('dashboard.read') };
  const readingOne = {
    schema: { hide: true, params: idParams },
    preHandler: requireDashboardPermission('dashboard.read'),
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendDashboardNotice(reply, 404, 'Not found', 'There is nothing here.', request.partnerUser);

  /** One list page: its rows read by `read` for the person's workspace. */
  function listRoute(
    path: string,
    title: string,
    noun: string,
    statuses: readonly string[],
    read: (workspaceId: string, filters: { status?: string[]; limit: number; page: number }) => Promise<ListedObject[]>,
  ) {
    app.get<ListQuery>(path, reading, async (request, reply) => {
      const me = request.partnerUser;
      const query = listQueryOf(request.query, statuses);
      if (!query) {
        return sendDashboardNotice(reply, 400, 'Request not understood', 'Choose a status from the list.', me);
      }
      const rows = await read(me.workspaceId, {
        ...(query.status === undefined ? {} : { status: [query.status] }),
        limit: pageSizeDefault,
        page: query.page,
      });
      const sandboxLink = (await sandboxWorkspace(ctx, me.workspaceId)) !== undefined;
      return sendDashboardPage(
        reply,
        objectListPage({
          me,
          title,
          path,
          noun,
          statuses,
          status: query.status,
          page: query.page,
          rows,
          hasMore: rows.length === pageSizeDefault,
          sandboxLink,
        }),
      );
    });
  }

  listRoute('/dashboard/orders', 'Orders', 'orders', orderStatuses, async (workspaceId, filters) =>
    (await listOrders(ctx.db, workspaceId, filters)).map((r) => ({
      id: r.id,
      status: r.status,
      amount: money(r.origin_amount, r.origin_currency),
      createdAtMs: r.created_at_ms,
    })),
  );
  listRoute('/dashboard/deposits', 'Deposits', 'deposits', depositStatuses, async (workspaceId, filters) =>
    (await listDeposits(ctx.db, workspaceId, filters)).map((r) => ({
      id: r.id,
      status: r.status,
      amount: money(r.expected_amount ?? r.amount, r.currency),
      createdAtMs: r.created_at_ms,
    })),
  );
  listRoute('/dashboard/withdrawals', 'Withdrawals', 'withdrawals', withdrawalStatuses, async (workspaceId, filters) =>
    (await listWithdrawals(ctx.db, workspaceId, filters)).map((r) => ({
      id: r.id,
      status: r.status,
      amount: money(r.amount, r.currency),
      createdAtMs: r.created_at_ms,
    })),
  );

  /** What an object's page needs besides the object itself. */
  interface Parts {
    readonly title: string;
    /** The ids its events are about and its ledger entries reference (an order's deposit id too). */
    readonly ids: readonly string[];
    readonly facts: readonly Fact[];
    readonly view: Readonly<Record<string, unknown>>;
    readonly createdAtMs: bigint;
    /** Built when the sandbox's helpers apply to it. */
    readonly sandbox?: string;
  }

  async function show(
    request: FastifyRequest<IdRoute>,
    reply: FastifyReply,
    section: string,
    sectionTitle: string,
    parts: Parts | undefined,
  ) {
    const me = request.partnerUser;
    if (!parts) return notFound(request, reply);
    const events = await eventsAbout(ctx.db, me.workspaceId, parts.ids);
    // Only the workspace's own entries (a reference is the object's id, which no other workspace has).
    const entries = groupEntries(await entriesFor(ctx.db, parts.ids)).filter((e) => e.workspaceId === me.workspaceId);
    return sendDashboardPage(
      reply,
      objectPage({
        me,
        title: parts.title,
        section,
        sectionTitle,
        facts: parts.facts,
        view: parts.view,
        createdAtMs: parts.createdAtMs,
        events,
        attempts: await attemptsOf(
          ctx.db,
          events.map((e) => e.id),
        ),
        entries,
        ...(parts.sandbox === undefined ? {} : { sandbox: parts.sandbox }),
        done: request.query.done,
      }),
    );
  }

  /** Whether the person may use the sandbox's helpers here (a stage workspace, a developer or an admin). */
  const sandboxFor = async (request: FastifyRequest) =>
    mayDo(request.partnerUser.role, 'dashboard.sandbox.use') &&
    (await sandboxWorkspace(ctx, request.partnerUser.workspaceId)) !== undefined;

  app.get<IdRoute>('/dashboard/orders/:id', readingOne, async (request, reply) => {
    const found = await findOrder(ctx.db, request.params.id);
    const row = found?.workspace_id === request.partnerUser.workspaceId ? found : undefined;
    const sandbox =
      row && row.origin_rail !== 'BALANCE' && orderAcceptsInbound.has(row.status) && (await sandboxFor(request))
        ? transferForm(
            request.partnerUser,
            `/dashboard/orders/${encodeURIComponent(row.id)}/simulate-transfer`,
            row.origin_currency,
            decimal(row.origin_amount - row.received_amount, row.origin_currency),
          )
        : undefined;
    return show(
      request,
      reply,
      '/dashboard/orders',
      'Orders',
      row && {
        title: `Order ${row.id}`,
        ids: [row.id, row.deposit_id],
        facts: [
          ['Status', row.status],
          ['Pays in', money(row.origin_amount, row.origin_currency)],
          ['Received', money(row.received_amount, row.origin_currency)],
          ['Pays out', money(row.destination_amount, row.destination_currency)],
          ['External reference', row.external_reference ?? '—'],
          ['Customer', row.customer_email ?? row.payer_email ?? '—'],
        ],
        // What GET /v1/orders/{id} answers: its sealed fields opened, as the partner API's answer opens them.
        view: openSensitive(ctx.secretsKeyring, orderView(row)),
        createdAtMs: row.created_at_ms,
        ...(sandbox === undefined ? {} : { sandbox }),
      },
    );
  });

  app.get<IdRoute>('/dashboard/deposits/:id', readingOne, async (request, reply) => {
    const row = await findDeposit(ctx.db, request.partnerUser.workspaceId, request.params.id);
    const sandbox =
      row && acceptsInbound.has(row.status) && (await sandboxFor(request))
        ? transferForm(
            request.partnerUser,
            `/dashboard/deposits/${encodeURIComponent(row.id)}/simulate-transfer`,
            row.currency,
            row.expected_amount === null ? '' : decimal(row.expected_amount - row.amount, row.currency),
          )
        : undefined;
    return show(
      request,
      reply,
      '/dashboard/deposits',
      'Deposits',
      row && {
        title: `Deposit ${row.id}`,
        ids: [row.id],
        facts: [
          ['Status', row.status],
          ['Expected', row.expected_amount === null ? 'Any amount' : money(row.expected_amount, row.currency)],
          ['Received', money(row.amount, row.currency)],
          ['Reference code', row.reference_code],
          ['Customer', row.payer_email],
        ],
        view: openSensitive(ctx.secretsKeyring, depositView(row)),
        createdAtMs: row.created_at_ms,
        ...(sandbox === undefined ? {} : { sandbox }),
      },
    );
  });

  app.get<IdRoute>('/dashboard/withdrawals/:id', readingOne, async (request, reply) => {
    const found = await findWithdrawal(ctx.db, request.params.id);
    const row = found?.workspace_id === request.partnerUser.workspaceId ? found : undefined;
    return show(
      request,
      reply,
      '/dashboard/withdrawals',
      'Withdrawals',
      row && {
        title: `Withdrawal ${row.id}`,
        ids: [row.id],
        facts: [
          ['Status', row.status],
          ['Amount', money(row.amount, row.currency)],
          ['Fee', money(row.fee, row.currency)],
        ],
        view: openSensitive(ctx.secretsKeyring, withdrawalView(row)),
        createdAtMs: row.created_at_ms,
      },
    );
  });
}
