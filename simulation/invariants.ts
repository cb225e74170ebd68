import { amountFromDecimal } from '../src/domain/money/currency-amount.js';
import type { Db } from '../src/storage/db.js';
import { evidenceProblems } from './invariants-production.js';
import { ledgerProblems, workspaceAccounts } from './ledger-checks.js';
import type { Kind, Model } from './model.js';
import { PartnerInvariants } from './partner-checks.js';
import { partnerOf } from './partner-model.js';
import type { Receivers } from './receivers.js';
import { type Machine, machines, reachable } from './state-machines.js';
import { signedDeliveryProblems } from './webhook-checks.js';

// The invariants (issue 16, item 1) of one sequence's workspace, read from the tables with SQL after every step (the
// ledger's, also run over the whole database at the end of a run, are in ledger-checks.ts). Each answers the problems
// it found, as sentences that name the invariant first; an empty list is a pass. docs/reliability/simulator.md
// defines each precisely.

type Tracked = 'deposit' | 'order' | 'withdrawal' | 'refund';
/** The resources the partner creates and is told of by a 2xx answer. */
const acknowledged = ['deposit', 'order', 'withdrawal'] as const;

/** The checks of one sequence's workspace; it remembers each resource's last status to judge the next. */
export class WorkspaceInvariants {
  private readonly lastStatus = new Map<string, string>();
  private entriesChecked = 0n;
  private readonly partner: PartnerInvariants;

  constructor(
    private readonly db: Db,
    private readonly workspaceId: string,
    private readonly model: Model,
  ) {
    this.partner = new PartnerInvariants(db, workspaceId, model);
  }

  async afterStep(): Promise<string[]> {
    const ledger = await ledgerProblems(this.db, { workspaceId: this.workspaceId, entriesAfter: this.entriesChecked });
    this.entriesChecked = ledger.lastEntryId;
    return [
      ...this.model.problems.splice(0),
      ...ledger.problems,
      ...(await this.resourceProblems()),
      ...(await this.keyProblems()),
      ...(await this.eventProblems()),
      ...(await this.balanceEventProblems()),
      ...(await this.partner.afterStep()),
      ...(this.model.production ? await evidenceProblems(this.db, this.workspaceId, this.model.production) : []),
    ];
  }

  /** States, transitions, nothing acknowledged lost, nothing created that no one was told of. */
  private async resourceProblems(): Promise<string[]> {
    const rows = await this.db.query<{ kind: Tracked; id: string; status: string }>(
      `select 'deposit' as kind, id, status from deposits where workspace_id = $1
       union all select 'order', id, status from orders where workspace_id = $1
       union all select 'withdrawal', id::text, status from withdrawals where workspace_id = $1
       union all select 'refund', id::text, coalesce(refund_status, 'none') from pending_payments
         where workspace_id = $1`,
      [this.workspaceId],
    );
    const problems: string[] = [];
    const present = new Set<string>();
    for (const row of rows) {
      const machine: Machine = machines[row.kind];
      const key = `${row.kind} ${row.id}`;
      present.add(key);
      if (!machine.statuses.includes(row.status)) problems.push(`known state: ${key} is ${row.status}`);
      const before = this.lastStatus.get(key) ?? machine.initial;
      if (!reachable(machine, before, row.status)) {
        problems.push(`allowed transition: ${key} went from ${before} to ${row.status}`);
      }
      this.lastStatus.set(key, row.status);
    }
    for (const kind of acknowledged) {
      const known = new Set(this.model.known[kind].map((k) => k.id));
      for (const id of known) {
        if (!present.has(`${kind} ${id}`)) problems.push(`nothing acknowledged is lost: ${kind} ${id} is gone`);
      }
      const unknown = rows.filter((r) => r.kind === kind && !known.has(r.id)).length;
      if (unknown > this.model.unannounced(kind)) {
        problems.push(
          `one resource per idempotency key: ${unknown} ${kind}(s) no answer announced, ` +
            `${this.model.unannounced(kind)} request(s) left without a definite answer`,
        );
      }
    }
    problems.push(...(await this.storedProblems('bankingAccount', 'banking_accounts', 'id::text')));
    problems.push(...(await this.storedProblems('webhook', 'webhook_endpoints', 'id::text', 'deleted_at_ms is null')));
    problems.push(...(await this.storedProblems('method', 'deposit_methods', 'id')));
    return problems;
  }

  private async storedProblems(kind: Kind, table: string, id: string, live = 'true'): Promise<string[]> {
    const expected = this.model.known[kind].filter((k) => !k.deleted).map((k) => k.id);
    if (expected.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(
      `select ${id} as id from ${table} where workspace_id = $1 and ${live} and ${id} = any($2::text[])`,
      [this.workspaceId, expected],
    );
    const found = new Set(rows.map((r) => r.id));
    return expected.filter((e) => !found.has(e)).map((e) => `nothing acknowledged is lost: ${kind} ${e} is gone`);
  }

  /** The keyed tables carry their key: two rows under one key are two resources for one request. */
  private async keyProblems(): Promise<string[]> {
    const rows = await this.db.query<{ kind: string; key: string; n: bigint }>(
      `select 'order' as kind, idempotency_key as key, count(*) as n from orders
         where workspace_id = $1 and idempotency_key is not null group by idempotency_scope, idempotency_key
         having count(*) > 1
       union all
       select 'withdrawal', idempotency_key, count(*) from withdrawals
         where workspace_id = $1 and idempotency_key is not null group by idempotency_scope, idempotency_key
         having count(*) > 1`,
      [this.workspaceId],
    );
    return rows.map((r) => `one resource per idempotency key: ${r.n} ${r.kind}s under key ${r.key}`);
  }

  /**
   * Events of committed changes only, one per change: no event names a resource that does not exist (its change
   * rolled back); each order's and withdrawal's status events, in order, are allowed moves from its first status
   * and end at the status it has (none missing, none doubled, none of a rolled-back move); a completion event at
   * most once, and only for a resource in the status it announces.
   */
  private async eventProblems(): Promise<string[]> {
    const problems: string[] = [];
    const orphans = await this.db.query<{ type: string; event_id: string }>(
      `select o.type, o.event_id from outbox_events o where o.workspace_id = $1 and (
         (o.type in ('order_status_updated', 'order_completed', 'trade_completed')
           and not exists (select 1 from orders x where x.id = o.event_id))
         or (o.type in ('deposit_completed', 'deposit_partially_completed')
           and not exists (select 1 from deposits x where x.id = o.event_id))
         or (o.type in ('withdrawal_status_updated', 'withdrawal_completed')
           and not exists (select 1 from withdrawals x where x.workspace_id = o.workspace_id and x.id::text = o.event_id)))
       limit 20`,
      [this.workspaceId],
    );
    problems.push(...orphans.map((o) => `no event for a rolled-back change: ${o.type} of ${o.event_id}`));
    const events = await this.db.query<{ type: string; event_id: string; status: string | null }>(
      `select type, event_id, data ->> 'status' as status from outbox_events
       where workspace_id = $1 and type in ('order_status_updated', 'withdrawal_status_updated',
         'order_completed', 'withdrawal_completed', 'deposit_completed')
       order by id`,
      [this.workspaceId],
    );
    const chains = new Map<string, string[]>();
    const completions = new Map<string, number>();
    for (const event of events) {
      if (event.type.endsWith('_status_updated')) {
        const key = `${event.type === 'order_status_updated' ? 'order' : 'withdrawal'} ${event.event_id}`;
        chains.set(key, [...(chains.get(key) ?? []), event.status ?? '?']);
      } else {
        const key = `${event.type} ${event.event_id}`;
        completions.set(key, (completions.get(key) ?? 0) + 1);
      }
    }
    for (const [key, status] of this.lastStatus) {
      const [kind, id] = key.split(' ') as [Tracked, string];
      if (kind === 'refund') continue;
      if (kind === 'deposit') {
        const completed = completions.get(`deposit_completed ${id}`) ?? 0;
        if (completed > 1) problems.push(`one event per change: deposit ${id} completed ${completed} times`);
        if ((completed === 1) !== (status === 'Received')) {
          problems.push(`one event per change: deposit ${id} is ${status} with ${completed} deposit_completed`);
        }
        continue;
      }
      const machine: Machine = machines[kind];
      const chain = chains.get(key) ?? [];
      let from = machine.initial;
      for (const to of chain) {
        if (!machine.canMove(from, to)) problems.push(`one event per change: ${key} announced ${from} to ${to}`);
        from = to;
      }
      if (from !== status) problems.push(`one event per change: ${key} is ${status}, its last event says ${from}`);
      const completedType = kind === 'order' ? 'order_completed' : 'withdrawal_completed';
      const completed = completions.get(`${completedType} ${id}`) ?? 0;
      if (completed > 1) problems.push(`one event per change: ${key} has ${completed} ${completedType}`);
      const reachedSuccess = chain.includes('Success');
      if (completed === 1 && !reachedSuccess) {
        problems.push(`one event per change: ${key} has ${completedType} and never announced Success`);
      }
    }
    return problems;
  }

  /** Every balance's last balance_updated event reports it as it is: no committed change went unannounced. */
  private async balanceEventProblems(): Promise<string[]> {
    const rows = await this.db.query<{
      email: string | null;
      currency: string;
      available: bigint;
      pending: bigint;
      event_available: string | null;
      event_pending: string | null;
    }>(
      `select a.email, b.currency, b.available, b.pending, last.available as event_available,
              last.pending as event_pending
       from (${workspaceAccounts('id, email')}) a join balances b on b.account_id = a.id
       left join lateral (
         select o.data ->> 'available' as available, o.data ->> 'pending' as pending from outbox_events o
         where o.workspace_id = $1 and o.type = 'balance_updated' and o.event_id = coalesce(a.email, $1)
           and o.data ->> 'currency' = b.currency
         order by o.id desc limit 1) last on true`,
      [this.workspaceId],
    );
    const problems: string[] = [];
    for (const row of rows) {
      const whose = `${row.email ?? 'the workspace'} ${row.currency}`;
      if (row.event_available === null || row.event_pending === null) {
        if (row.available !== 0n || row.pending !== 0n) {
          problems.push(`one event per change: balance ${whose} changed without a balance_updated`);
        }
        continue;
      }
      const available = amountFromDecimal(row.event_available, row.currency);
      const pending = amountFromDecimal(row.event_pending, row.currency);
      if (!available.ok || !pending.ok || available.minor !== row.available || pending.minor !== row.pending) {
        problems.push(
          `one event per change: balance ${whose} is ${row.available}/${row.pending} (minor units), ` +
            `its last balance_updated says ${row.event_available}/${row.event_pending}`,
        );
      }
    }
    return problems;
  }

  /**
   * After the final drain: every event was fanned out, no delivery is left claimed or waiting, and every event fanned
   * out to a receiver that answers 2xx reached it (a delivery is at least once: a crash after a send repeats it).
   */
  async webhookProblems(receivers: Receivers): Promise<string[]> {
    const problems: string[] = [];
    const [unfanned] = await this.db.query<{ n: bigint }>(
      'select count(*) as n from outbox_events where workspace_id = $1 and fanned_out_at_ms is null',
      [this.workspaceId],
    );
    if ((unfanned?.n ?? 0n) > 0n) problems.push(`webhooks: ${unfanned?.n} event(s) never fanned out`);
    const deliveries = await this.db.query<{
      url: string;
      state: string;
      event_uid: string;
      live: boolean;
      endpoint_id: string;
      legacy: boolean;
    }>(
      `select e.url, d.state, o.event_uid::text as event_uid, (e.deleted_at_ms is null and e.is_active) as live,
         e.id::text as endpoint_id, e.legacy
       from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
       join outbox_events o on o.id = d.outbox_id where d.workspace_id = $1`,
      [this.workspaceId],
    );
    const changed = partnerOf(this.model).changed;
    for (const d of deliveries) {
      if (d.state === 'pending' || d.state === 'sending') {
        problems.push(`webhooks: a delivery to ${d.url} is still ${d.state} after the drain`);
      }
      // An endpoint whose URL or activity the partner changed is judged by what its receivers answered (below).
      if (!d.url.includes('/ok/') || d.legacy || changed.has(d.endpoint_id)) continue;
      if (d.state === 'failed' && d.live)
        problems.push(`webhooks: event ${d.event_uid} failed to ${d.url}, which answers 2xx`);
      if (d.state === 'delivered' && !(receivers.received.get(d.url) ?? []).includes(d.event_uid)) {
        problems.push(`webhooks: event ${d.event_uid} recorded delivered to ${d.url}, which never received it`);
      }
    }
    problems.push(...(await signedDeliveryProblems(this.db, this.workspaceId, this.model, receivers)));
    return problems;
  }
}
