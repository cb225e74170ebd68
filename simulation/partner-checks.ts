import { amlScreeningStatuses } from '../src/domain/states/aml-screening-status.js';
import { type ConversationStatus, canMoveConversation } from '../src/domain/states/conversation-status.js';
import { type KycStatus, kycRoute, kycStatuses, terminalKycStatuses } from '../src/domain/states/kyc-status.js';
import {
  canMoveOpenBanking,
  liveOpenBanking,
  type OpenBankingStatus,
  openBankingStatuses,
} from '../src/domain/states/openbanking-status.js';
import { supportTicketStatuses } from '../src/domain/states/support-ticket-status.js';
import type { Db } from '../src/storage/db.js';
import { workspaceAccounts } from './ledger-checks.js';
import type { Model } from './model.js';
import { partnerOf } from './partner-model.js';
import { reachable } from './state-machines.js';

// The invariants of the partner operations' resources, after every step, read from the tables with SQL (webhook
// signatures are checked at the end, webhook-checks.ts): one thread, message or screening per Idempotency-Key and
// nothing acknowledged lost; one event per committed change (messages, tickets' statuses, open banking sessions,
// verifications); states and moves of each machine in src/domain/states; a COMPLETED open banking session has the
// inbound ledger entry it settled. Each problem names its invariant first, as invariants.ts's do.

const conversationMachine = {
  name: 'conversation',
  initial: 'OPEN',
  statuses: ['OPEN', 'CLOSED'],
  canMove: (from: string, to: string) => canMoveConversation(from as ConversationStatus, to as ConversationStatus),
};
const openBankingMachine = {
  name: 'open banking session',
  initial: 'CREATED',
  statuses: openBankingStatuses,
  canMove: (from: string, to: string) => canMoveOpenBanking(from as OpenBankingStatus, to as OpenBankingStatus),
};
const kycMachine = {
  name: 'verification',
  initial: 'NOT_AVAILABLE',
  statuses: kycStatuses,
  canMove: (from: string, to: string) => {
    const route = kycRoute(from as KycStatus, to as KycStatus);
    return route.ok && route.steps.length === 1;
  },
};
/** Only a POTENTIAL_MATCH moves, to one of the two resolutions (aml-screening-status.ts). */
const amlMachine = {
  name: 'AML screening',
  initial: 'POTENTIAL_MATCH',
  statuses: amlScreeningStatuses,
  canMove: (from: string, to: string) =>
    from === 'POTENTIAL_MATCH' && (to === 'CONFIRMED_MATCH' || to === 'FALSE_POSITIVE'),
};

interface ThreadRow {
  kind: 'conversation' | 'ticket';
  id: string;
  status: string;
  message_count: number;
  messages: bigint;
  partner_messages: bigint;
  message_events: bigint;
  created_events: bigint;
  last_status: string | null;
  [column: string]: unknown;
}

export class PartnerInvariants {
  private readonly lastStatus = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly workspaceId: string,
    private readonly model: Model,
  ) {}

  async afterStep(): Promise<string[]> {
    return [
      ...(await this.threadProblems()),
      ...(await this.sessionProblems()),
      ...(await this.verificationProblems()),
      ...(await this.screeningProblems()),
    ];
  }

  /** The status seen now must follow from the one seen before by the machine's moves (several may happen in a step). */
  private moved(
    machine: { name: string; initial: string; statuses: readonly string[]; canMove(f: string, t: string): boolean },
    id: string,
    status: string,
    initial = machine.initial,
  ): string[] {
    const key = `${machine.name} ${id}`;
    const before = this.lastStatus.get(key) ?? initial;
    this.lastStatus.set(key, status);
    if (!machine.statuses.includes(status)) return [`known state: ${key} is ${status}`];
    return reachable(machine, before, status) ? [] : [`allowed transition: ${key} went from ${before} to ${status}`];
  }

  private async threadProblems(): Promise<string[]> {
    const state = partnerOf(this.model);
    if (state.keys.size === 0 && state.threads.length === 0) return [];
    const events = (type: string, id: string) =>
      `(select count(*) from outbox_events o where o.workspace_id = $1 and o.type = '${type}' and o.event_id = ${id})`;
    const rows = await this.db.query<ThreadRow>(
      `select 'conversation' as kind, c.id::text as id, c.status, c.message_count,
         (select count(*) from conversation_messages m where m.conversation_id = c.id) as messages,
         (select count(*) from conversation_messages m where m.conversation_id = c.id and m.author = 'partner')
           as partner_messages,
         ${events('conversation_message_added', 'c.id::text')} as message_events, 1::int8 as created_events,
         null::text as last_status
       from conversations c where c.workspace_id = $1
       union all
       select 'ticket', t.id::text, t.status, t.message_count,
         (select count(*) from support_ticket_messages m where m.ticket_id = t.id),
         (select count(*) from support_ticket_messages m where m.ticket_id = t.id and m.author = 'partner'),
         ${events('support_ticket_message_added', 't.id::text')}, ${events('support_ticket_created', 't.id::text')},
         (select o.data ->> 'status' from outbox_events o where o.workspace_id = $1 and o.type = 'support_ticket_updated'
           and o.event_id = t.id::text order by o.id desc limit 1)
       from support_tickets t where t.workspace_id = $1`,
      [this.workspaceId],
    );
    const problems: string[] = [];
    const present = new Set(rows.map((r) => r.id));
    for (const kind of ['conversation', 'ticket'] as const) {
      const known = state.threads.filter((t) => t.kind === kind);
      for (const t of known)
        if (!present.has(t.id)) problems.push(`nothing acknowledged is lost: ${kind} ${t.id} is gone`);
      const unknown = rows.filter((r) => r.kind === kind && !known.some((t) => t.id === r.id)).length;
      if (unknown > state.unannounced(kind)) {
        problems.push(
          `one resource per idempotency key: ${unknown} ${kind}(s) no answer announced, ` +
            `${state.unannounced(kind)} request(s) left without a definite answer`,
        );
      }
    }
    for (const row of rows) {
      const key = `${row.kind} ${row.id}`;
      const thread = state.threads.find((t) => t.id === row.id);
      if (row.kind === 'conversation') problems.push(...this.moved(conversationMachine, row.id, row.status));
      else {
        if (!supportTicketStatuses.includes(row.status as never)) problems.push(`known state: ${key} is ${row.status}`);
        if (this.lastStatus.get(key) === 'CLOSED' && row.status !== 'CLOSED') {
          problems.push(`allowed transition: ${key} went from CLOSED to ${row.status}`);
        }
        this.lastStatus.set(key, row.status);
        if ((row.last_status ?? 'OPEN') !== row.status) {
          problems.push(
            `one event per change: ${key} is ${row.status}, its last support_ticket_updated says ${row.last_status}`,
          );
        }
        if (row.created_events !== 1n)
          problems.push(`one event per change: ${key} has ${row.created_events} support_ticket_created`);
      }
      if (row.status === 'CLOSED' && thread !== undefined && !thread.closeSent) {
        problems.push(`nothing closes by itself: ${key} is CLOSED and no one closed it`);
      }
      if (BigInt(row.message_count) !== row.messages || row.message_events !== row.messages) {
        problems.push(
          `one event per change: ${key} holds ${row.messages} messages, counts ${row.message_count}, ` +
            `announced ${row.message_events}`,
        );
      }
      if (thread === undefined) continue;
      // The partner's messages: each acknowledged one, plus at most one per key left without a definite answer (and
      // the opening message of a conversation the partner opened).
      const opening = row.kind === 'conversation' ? 1n : 0n;
      const least = opening + BigInt(thread.messages.size);
      const most = least + BigInt(state.unannounced('message', row.id));
      if (row.partner_messages < least || row.partner_messages > most) {
        problems.push(
          `one resource per idempotency key: ${key} holds ${row.partner_messages} partner messages, ` +
            `${least} acknowledged and ${most - least} left without a definite answer`,
        );
      }
    }
    return problems;
  }

  /** Open banking sessions of the deposits and orders a web form was asked for. */
  private async sessionProblems(): Promise<string[]> {
    const targets = [...partnerOf(this.model).formTargets];
    if (targets.length === 0) return [];
    const sessions = await this.db.query<{
      id: string;
      entity_id: string;
      entity_type: string;
      status: string;
      settled: boolean;
    }>(
      `select s.id::text as id, s.entity_id, s.entity_type, s.status,
         exists (select 1 from ledger_entries l where l.reference = s.entity_id
           and l.kind = case s.entity_type when 'deposit' then 'deposit_inbound' else 'order_inbound' end
           and l.created_at_ms >= s.authorized_at_ms) as settled
       from openbanking_sessions s where s.entity_id = any($1::text[]) order by s.created_at_ms, s.id`,
      [targets],
    );
    const events = await this.db.query<{ session_id: string; status: string; previous: string }>(
      `select data ->> 'sessionId' as session_id, data ->> 'status' as status, data ->> 'previousStatus' as previous
       from outbox_events where workspace_id = $1 and type = 'openbanking_status_updated' order by id`,
      [this.workspaceId],
    );
    const problems: string[] = [];
    const live = new Map<string, number>();
    for (const s of sessions) {
      const key = `open banking session ${s.id}`;
      problems.push(...this.moved(openBankingMachine, s.id, s.status));
      if (liveOpenBanking.has(s.status as OpenBankingStatus)) live.set(s.entity_id, (live.get(s.entity_id) ?? 0) + 1);
      if (s.status === 'COMPLETED' && !s.settled) {
        problems.push(
          `money moves with the session: ${key} of ${s.entity_type} ${s.entity_id} is COMPLETED without its inbound entry`,
        );
      }
      let from = 'CREATED';
      for (const e of events.filter((x) => x.session_id === s.id)) {
        if (e.previous !== from || !canMoveOpenBanking(from as OpenBankingStatus, e.status as OpenBankingStatus)) {
          problems.push(`one event per change: ${key} announced ${e.previous} to ${e.status} after ${from}`);
        }
        from = e.status;
      }
      if (from !== s.status) problems.push(`one event per change: ${key} is ${s.status}, its last event says ${from}`);
    }
    for (const [entity, n] of live) {
      if (n > 1) problems.push(`one live session per payment: ${entity} has ${n} sessions CREATED or AUTHORIZED`);
    }
    return problems;
  }

  /** Each customer's verification moves along the machine, and its events tell each move once. */
  private async verificationProblems(): Promise<string[]> {
    const accounts = await this.db.query<{ email: string | null; id: string; status: string }>(
      `select email, id::text as id, verification_status as status from (${workspaceAccounts('id, email, kind, verification_status')}) a
       where a.kind <> 'workspace'`,
      [this.workspaceId],
    );
    const events = await this.db.query<{ type: string; entity: string; status: string }>(
      `select type, data ->> 'entityId' as entity, data ->> 'status' as status from outbox_events
       where workspace_id = $1 and type in ('verification_status_updated', 'kyc_completed') order by id`,
      [this.workspaceId],
    );
    const problems: string[] = [];
    for (const account of accounts) {
      const entity = account.email ?? account.id;
      problems.push(...this.moved(kycMachine, entity, account.status));
      const mine = events.filter((e) => e.entity === entity);
      const last = [...mine].reverse().find((e) => e.type === 'verification_status_updated')?.status ?? 'NOT_AVAILABLE';
      if (last !== account.status) {
        problems.push(
          `one event per change: verification of ${entity} is ${account.status}, its last event says ${last}`,
        );
      }
      const completed = mine.filter((e) => e.type === 'kyc_completed').length;
      if (completed !== (terminalKycStatuses.has(account.status as KycStatus) ? 1 : 0)) {
        problems.push(
          `one event per change: verification of ${entity} is ${account.status} with ${completed} kyc_completed`,
        );
      }
    }
    return problems;
  }

  /** Screenings: one per key, none lost, and only a POTENTIAL_MATCH is resolved, once. */
  private async screeningProblems(): Promise<string[]> {
    const state = partnerOf(this.model);
    if (![...state.keys.values()].some((k) => k.write === 'screening')) return [];
    const rows = await this.db.query<{ id: string; status: string }>(
      'select id::text as id, status from aml_screenings where workspace_id = $1',
      [this.workspaceId],
    );
    const problems: string[] = [];
    const present = new Set(rows.map((r) => r.id));
    for (const s of state.screenings) {
      if (!present.has(s.id)) problems.push(`nothing acknowledged is lost: screening ${s.id} is gone`);
    }
    const unknown = rows.filter((r) => !state.screenings.some((s) => s.id === r.id)).length;
    if (unknown > state.unannounced('screening')) {
      problems.push(`one resource per idempotency key: ${unknown} screening(s) no answer announced`);
    }
    for (const row of rows) {
      const first = state.screenings.find((s) => s.id === row.id)?.expected ?? row.status;
      problems.push(...this.moved(amlMachine, row.id, row.status, first));
    }
    return problems;
  }
}
