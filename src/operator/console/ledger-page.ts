import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { verifyLedger } from '../../ledger/verify.js';
import { limits } from '../../limits.js';
import { requirePermission } from './auth.js';
import { sendConsolePage } from './layout.js';
import { journalPage, type LedgerFilter, listBalances } from './ledger-repo.js';
import { type FilterFields, ledgerPage, verificationPage } from './ledger-views.js';

// The ledger (GET /console/ledger): balances per account and currency and the journal, with filters; and its
// verification (GET /console/ledger/verification), the same check as GET /admin/v1/ledger/verification
// (ledger/verify.ts verifyLedger). The verification changes nothing, so it is a GET, run when the button asks.

type LedgerQuery = { Querystring: Record<string, string | undefined> };

const dayMs = 86_400_000;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A UTC day's first millisecond, or undefined when the text is not a date. */
function dayStartMs(text: string): number | undefined {
  if (!datePattern.test(text)) return undefined;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The filter of the query, or the first field that cannot be read. */
export function filterOf(fields: FilterFields): { filter: LedgerFilter } | { error: string } {
  const from = fields.from === '' ? undefined : dayStartMs(fields.from);
  const to = fields.to === '' ? undefined : dayStartMs(fields.to);
  if (from === undefined && fields.from !== '') return { error: 'From is a day written as YYYY-MM-DD.' };
  if (to === undefined && fields.to !== '') return { error: 'To is a day written as YYYY-MM-DD.' };
  if (from !== undefined && to !== undefined && from > to) return { error: 'From must not be after To.' };
  if (fields.entry !== '' && !/^\d{1,18}$/.test(fields.entry)) return { error: 'An entry id is a whole number.' };
  if (fields.currency !== '' && !/^[A-Z0-9]{2,10}$/.test(fields.currency)) {
    return { error: 'A currency is its code, such as EUR.' };
  }
  const some = (text: string) => (text === '' ? undefined : text);
  return {
    filter: {
      workspaceId: some(fields.workspace),
      accountId: some(fields.account),
      currency: some(fields.currency),
      fromMs: from,
      untilMs: to === undefined ? undefined : to + dayMs,
      entryId: fields.entry === '' ? undefined : BigInt(fields.entry),
    },
  };
}

const textOf = (value: string | undefined, max: number) => (value ?? '').trim().slice(0, max);

export async function ledgerPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = { schema: { hide: true }, preHandler: requirePermission('admin.ledger.verify') };

  app.get<LedgerQuery>('/console/ledger', options, async (request, reply) => {
    const q = request.query;
    const fields: FilterFields = {
      workspace: textOf(q.workspace, 64),
      account: textOf(q.account, 200),
      currency: textOf(q.currency, 10).toUpperCase(),
      from: textOf(q.from, 10),
      to: textOf(q.to, 10),
      entry: textOf(q.entry, 18),
    };
    const balancePage = /^\d{1,6}$/.test(q.bpage ?? '') ? Number(q.bpage) : 0;
    const before = /^\d{1,18}$/.test(q.before ?? '') ? BigInt(q.before as string) : undefined;
    const read = filterOf(fields);
    const filter = 'filter' in read ? read.filter : {};
    // An unreadable filter shows nothing rather than everything.
    const none = 'error' in read;
    const balances = none
      ? []
      : await listBalances(
          ctx.db,
          filter,
          limits.consoleBalancePageSize + 1,
          balancePage * limits.consoleBalancePageSize,
        );
    const page = none
      ? { entryIds: [], postings: [] }
      : await journalPage(ctx.db, filter, before, limits.consoleJournalPageSize + 1);
    const shownIds = new Set(page.entryIds.slice(0, limits.consoleJournalPageSize).map(String));
    const olderThan =
      page.entryIds.length > limits.consoleJournalPageSize
        ? page.entryIds[limits.consoleJournalPageSize - 1]
        : undefined;
    return sendConsolePage(
      reply,
      ledgerPage({
        me: request.operator,
        fields,
        ...('error' in read ? { error: read.error } : {}),
        balances: balances.slice(0, limits.consoleBalancePageSize),
        balancePage,
        moreBalances: balances.length > limits.consoleBalancePageSize,
        postings: page.postings.filter((p) => shownIds.has(String(p.entry_id))),
        ...(olderThan === undefined ? {} : { olderThan }),
        first: before === undefined,
      }),
      none ? 400 : 200,
    );
  });

  app.get('/console/ledger/verification', options, async (request, reply) => {
    const report = await verifyLedger(ctx.db);
    return sendConsolePage(reply, verificationPage(request.operator, report, ctx.clock.nowMs()));
  });
}
