// The load and the checks of a database failover drill (issue 31): clients chosen by a seeded generator send keyed
// deposits, withdrawals on one hot balance, and orders on fresh quotes; each write's key, body, first answer and its
// time are kept. After the failover, `verify` checks what the issue asks: every acknowledged write readable and
// replayed by its key, no resource named by two keys and none named by no key, the ledger consistent; and it
// answers the figures (writes by outcome, answers by class during the gap).

import { expect } from 'vitest';
import { seeded } from '../../bench/lib/seeded.mjs';
import { call, expectLedgerConsistent, type Partner } from './e2e-api.js';
import { payer, pixOrderBody } from './orders.js';
import { type Server, sleep } from './server-process.js';

export const drillKinds = ['deposits', 'withdrawals', 'orders'] as const;
export type DrillKind = (typeof drillKinds)[number];
const idField = { deposits: 'depositId', withdrawals: 'withdrawalId', orders: 'orderId' } as const;

const quoteBody = { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 };
/** One euro out over SEPA: the hot balance's withdrawal. */
export const withdrawalBody = {
  currency: 'EUR',
  amount: 1,
  destinationTransferData: {
    type: 'SEPA',
    destinationName: 'Ana Silva',
    iban: 'DE89370400440532013000',
    country: 'DE',
    city: 'Berlin',
    postalCode: '10115',
  },
};

/** A keyed write as sent, and what its first answer said. */
export interface DrillWrite {
  readonly kind: DrillKind;
  readonly key: string;
  readonly body: Record<string, unknown>;
  /** Undefined while in flight. */
  status: number | 'no answer' | undefined;
  /** Set when the answer was a 201: the write was acknowledged. */
  acknowledgedId: string | undefined;
  /** When it was sent, and when its answer came (performance.now()). */
  readonly sentAt: number;
  answeredAt: number | undefined;
}

export interface DrillAnswer {
  readonly status: number | 'no answer';
  readonly body: Record<string, unknown> | undefined;
}

export class FailoverDrill {
  readonly writes: DrillWrite[] = [];
  private readonly random: () => number;
  private stopped = false;
  private running: Promise<void>[] = [];

  constructor(
    private readonly server: () => Server,
    private readonly partner: Partner,
    readonly seed: number,
    private readonly tag: string,
  ) {
    this.random = seeded(seed);
  }

  async post(path: string, body: unknown, key?: string): Promise<DrillAnswer> {
    try {
      const response = await fetch(`${this.server().url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.partner.token}`,
          'content-type': 'application/json',
          ...(key === undefined ? {} : { 'idempotency-key': key }),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
    } catch {
      return { status: 'no answer', body: undefined };
    }
  }

  private async send(kind: DrillKind, body: Record<string, unknown>): Promise<void> {
    const write: DrillWrite = {
      kind,
      key: `${this.tag}-${kind}-${this.seed}-${this.writes.length}`,
      body,
      status: undefined,
      acknowledgedId: undefined,
      sentAt: performance.now(),
      answeredAt: undefined,
    };
    this.writes.push(write);
    const answer = await this.post(`/v1/${kind}`, body, write.key);
    write.status = answer.status;
    write.answeredAt = performance.now();
    if (answer.status === 201) write.acknowledgedId = answer.body?.[idField[kind]] as string;
    // A failing database answers at once: pause, so that the outage adds few keys to check.
    else await sleep(100);
  }

  /** One client: a keyed deposit, a keyed withdrawal, or a quote and a keyed order on it. */
  private async client(): Promise<void> {
    while (!this.stopped) {
      const roll = this.random();
      if (roll < 0.35) {
        await this.send('deposits', { userData: payer, currency: 'EUR', amount: 10 + (this.writes.length % 7) });
      } else if (roll < 0.7) {
        await this.send('withdrawals', withdrawalBody);
      } else {
        const quote = await this.post('/v1/quotes', quoteBody);
        if (quote.status !== 201) {
          await sleep(100);
          continue;
        }
        await this.send('orders', pixOrderBody(quote.body?.quoteId as string));
      }
    }
  }

  /** A duration in [min, max) ms chosen by the seed: when a failure strikes, so that a seed replays a run. */
  between(minMs: number, maxMs: number): number {
    return minMs + Math.floor(this.random() * (maxMs - minMs));
  }

  /** Starts `clients` concurrent clients; they run until stop(). */
  start(clients: number): void {
    this.stopped = false;
    this.running = Array.from({ length: clients }, () => this.client());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }

  /**
   * The first write sent after `since` (performance.now()) and acknowledged, once there is one: one in flight at a
   * failure may be acknowledged just after it, committed before it.
   */
  firstAcknowledgedAfter(since: number): DrillWrite | undefined {
    return this.writes.find((w) => w.acknowledgedId !== undefined && w.sentAt > since);
  }

  /** Answers between two moments, by class: 2xx, 4xx, 5xx, or no answer. */
  answersBetween(from: number, to: number): Record<string, number> {
    const classes: Record<string, number> = {};
    for (const w of this.writes) {
      if (w.answeredAt === undefined || w.answeredAt < from || w.answeredAt > to) continue;
      const key = w.status === 'no answer' ? 'no answer' : `${String(w.status).slice(0, 1)}xx`;
      classes[key] = (classes[key] ?? 0) + 1;
    }
    return classes;
  }

  /** Every resource of one kind in the workspace, by id. */
  private async listed(kind: DrillKind): Promise<Set<string>> {
    const ids = new Set<string>();
    for (let page = 0; ; page++) {
      const answer = await call(this.server(), this.partner.token, 'GET', `/v1/${kind}?limit=500&page=${page}`);
      expect(answer.status, answer.text).toBe(200);
      for (const item of answer.body as Record<string, string>[]) ids.add(item[idField[kind]] as string);
      if ((answer.body as unknown[]).length < 500) return ids;
    }
  }

  /**
   * After the failover: every acknowledged write is readable and its key replays it; every other key answers its
   * resource, if its write committed, a new one if it did not, or a typed refusal; no two keys name one resource, and
   * the workspace holds none that no key names (but `unkeyed`, the setup's); the ledger verifies. Answers the counts.
   */
  async verify(unkeyed: Partial<Record<DrillKind, number>> = {}) {
    const server = this.server();
    const acknowledged = this.writes.filter((w) => w.acknowledgedId !== undefined);
    await inBatches(acknowledged, async (w) => {
      const read = await call(server, this.partner.token, 'GET', `/v1/${w.kind}/${w.acknowledgedId}`);
      expect(read.status, `${w.kind} ${w.acknowledgedId} acknowledged, then lost: ${read.text}`).toBe(200);
    });
    // Committed though their answer was lost: in the workspace, yet no 201 named them (less the setup's).
    const acknowledgedIds = new Set(acknowledged.map((w) => w.acknowledgedId));
    let committedUnanswered = 0;
    for (const kind of drillKinds) {
      const unnamed = [...(await this.listed(kind))].filter((id) => !acknowledgedIds.has(id)).length;
      committedUnanswered += unnamed - (unkeyed[kind] ?? 0);
    }
    const named = Object.fromEntries(drillKinds.map((kind) => [kind, new Map<string, string>()])) as Record<
      DrillKind,
      Map<string, string>
    >;
    await inBatches(this.writes, async (w) => {
      const again = await this.post(`/v1/${w.kind}`, w.body, w.key);
      const id = again.body?.[idField[w.kind]] as string | undefined;
      if (w.acknowledgedId !== undefined) {
        expect([again.status, id], `${w.key} replayed`).toEqual([201, w.acknowledgedId]);
      } else {
        const typed = again.status === 201 || (typeof again.status === 'number' && again.status < 500);
        expect(typed, `${w.key} sent again: ${again.status} ${JSON.stringify(again.body)}`).toBe(true);
        // Acknowledged now, by its retry: a later verify holds it to that.
        if (again.status === 201) w.acknowledgedId = id;
      }
      if (id !== undefined) {
        expect(named[w.kind].get(id), `${id} named by two keys`).toBeUndefined();
        named[w.kind].set(id, w.key);
      }
    });
    for (const kind of drillKinds) {
      const inWorkspace = [...(await this.listed(kind))].filter((id) => !named[kind].has(id));
      expect(inWorkspace.length, `${kind} no key names`).toBe(unkeyed[kind] ?? 0);
    }
    await expectLedgerConsistent(server);
    const count = (kind: DrillKind) => acknowledged.filter((w) => w.kind === kind).length;
    return {
      keyedWritesSent: this.writes.length,
      acknowledged: { deposits: count('deposits'), withdrawals: count('withdrawals'), orders: count('orders') },
      committedUnanswered,
      acknowledgedLost: 0,
      duplicates: 0,
    };
  }
}

/** Runs `check` over `items`, eight at a time. */
async function inBatches<T>(items: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += 8) await Promise.all(items.slice(i, i + 8).map(check));
}
