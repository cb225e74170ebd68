// Goal (issue 31): with a real failover engine under PostgreSQL, the server follows the primary by itself and loses
// nothing it acknowledged. Method: a pg_auto_failover formation of the test's own (test/support/auto-failover.ts: a
// monitor and three nodes, one synchronous standby of two required per commit), one server process whose
// DATABASE_URL is the formation's URI (`pg_autoctl show uri`, every node's host), and a webhook endpoint on a
// receiver of the test's. Under a seeded load of keyed deposits, withdrawals on one hot balance and orders
// (test/support/failover-drill.ts), in turn: the primary's whole node is killed (keeper, postmaster and its children,
// SIGKILL) with its standbys behind, and the monitor promotes a secondary; the old primary's node is brought back and
// rejoins as a secondary; a planned switchover; the primary's PostgreSQL alone is killed (its keeper restarts it).
// After each: every acknowledged write readable and replayed by its key, no duplicates, the ledger consistent, every
// event delivered to the endpoint, and the server process never restarted. The figures (time without an
// acknowledged write, answers by class during the gap, events delivered more than once) go to the test's output.
// FAILOVER_SEED, FAILOVER_CLIENTS and FAILOVER_CYCLES vary the run; the seed chooses the failures' moments too.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canRunAutoFailover, type Formation, query, startFormation } from '../support/auto-failover.js';
import { aPartner, approvePayer, call, depositAndSimulate, type Partner } from '../support/e2e-api.js';
import { registerEndpoint } from '../support/e2e-webhooks.js';
import { FailoverDrill } from '../support/failover-drill.js';
import { aReceiver, type Receiver } from '../support/receiver.js';
import {
  databaseUrl,
  type Server,
  serverProcesses,
  sleep,
  stop,
  unthrottled,
  waitFor,
} from '../support/server-process.js';

const seed = Number(process.env.FAILOVER_SEED ?? 20_261_128);
const clients = Number(process.env.FAILOVER_CLIENTS ?? 6);
const funding = 100_000;
const required = process.env.REQUIRE_AUTO_FAILOVER === '1';
/**
 * The negative control, by hand: FAILOVER_ASYNC=1 makes replication asynchronous, and the first test must then FAIL
 * with an acknowledged write lost (the primary's WAL senders are paused before the kill).
 */
const asynchronous = process.env.FAILOVER_ASYNC === '1';
/** By hand, longer: FAILOVER_CYCLES node deaths and returns in a row (one in CI). */
const cycles = Number(process.env.FAILOVER_CYCLES ?? 1);

describe.skipIf(!databaseUrl || (!canRunAutoFailover && !required))(
  'pg_auto_failover: the server follows the primary',
  () => {
    const processes = serverProcesses({ dirPrefix: 'brokerage-e2e-autofailover-', healthTimeoutMs: 60_000 });
    const env = {
      ...unthrottled,
      ADMIN_TOKEN: randomBytes(24).toString('base64url'),
      SANDBOX_SETTLE_DELAY_MS: '200',
      DATABASE_ACQUIRE_TIMEOUT_MS: '1000',
      DATABASE_STATEMENT_TIMEOUT_MS: '3000',
      QUOTE_TTL_SECONDS: '600',
      LOG_LEVEL: 'warn',
      // The drill's webhook receiver is on loopback, over http.
      WEBHOOK_ALLOW_INSECURE: '1',
    };
    let formation: Formation;
    let receiver: Receiver;
    let endpointId: string;
    let server: Server;
    let partner: Partner;
    let drill: FailoverDrill;
    let pid: number | undefined;

    beforeAll(async () => {
      formation = await startFormation();
      if (asynchronous) await formation.makeAsynchronous();
      server = await processes.startHealthy(processes.freshDir(), { ...env, DATABASE_URL: formation.url });
      pid = server.child.pid;
      partner = await aPartner(server, 'auto-failover drill');
      await approvePayer(server, partner);
      await depositAndSimulate(server, partner, funding);
      await waitFor(
        'the funding to be credited',
        async () => {
          const balances = await call(server, partner.token, 'GET', '/v1/balances?currency=EUR');
          return balances.body?.balances?.[0]?.available === funding;
        },
        30_000,
      );
      receiver = await aReceiver();
      endpointId = await registerEndpoint(server, partner, receiver.url, randomBytes(24).toString('base64url'));
      drill = new FailoverDrill(() => server, partner, seed, 'autofailover');
    }, 240_000);

    afterAll(async () => {
      if (server) await stop(server).catch(() => {});
      await receiver?.close();
      formation?.remove();
    });

    /**
     * Load, then `fail` at a moment the seed chooses; waits for the first acknowledged write after it, keeps the load a second
     * more, and checks. Answers the figures.
     */
    async function drillThrough(what: string, fail: () => number | undefined | Promise<number | undefined>) {
      drill.start(clients);
      await sleep(drill.between(1_500, 2_500));
      const started = performance.now();
      // When the failure struck: what `fail` answers, or its start.
      const failedAt = (await fail()) ?? started;
      await waitFor(
        `an acknowledged write after ${what}`,
        () => drill.firstAcknowledgedAfter(failedAt) !== undefined,
        90_000,
        50,
      );
      const firstAck = drill.firstAcknowledgedAfter(failedAt)?.answeredAt as number;
      await sleep(1_000);
      await drill.stop();
      const figures = {
        what,
        seed,
        clients,
        withoutAcknowledgedWriteMs: Math.round(firstAck - failedAt),
        answersDuringGap: drill.answersBetween(failedAt, firstAck),
        ...(await drill.verify({ deposits: 1 })),
        webhooks: await everyEventDelivered(),
      };
      console.info(JSON.stringify(figures));
      expect(server.child.pid, 'the same server process').toBe(pid);
      expect(server.child.exitCode, 'the server never exited').toBeNull();
      return figures;
    }

    /**
     * Every event of the workspace reached the endpoint with a 2xx, once its deliveries have all ended (read on the
     * primary). Delivery is at least once: an attempt whose 2xx the failover cut before it was recorded is sent
     * again, so the figure counts events delivered more than once rather than holding it to 0.
     */
    async function everyEventDelivered() {
      const primary = await formation.primary();
      const workspaceId = partner.workspace.workspaceId;
      await waitFor(
        'every delivery of the workspace to end',
        async () => {
          const [row] = await query<{ n: number }>(
            primary?.url ?? '',
            `select count(*)::int as n from webhook_deliveries where workspace_id = $1 and state in ('pending', 'sending')`,
            [workspaceId],
          );
          return row?.n === 0;
        },
        120_000,
        250,
      );
      // The events the endpoint was to receive: those after it was registered (the setup's funding came before).
      const events = await query<{ event_uid: string }>(
        primary?.url ?? '',
        `select e.event_uid from outbox_events e join webhook_deliveries d on d.outbox_id = e.id
          where d.workspace_id = $1 and d.endpoint_id = $2`,
        [workspaceId, endpointId],
      );
      const arrivals = new Map<string, number>();
      for (const r of receiver.received) {
        if (!r.answered || r.status >= 300) continue;
        const uid = String(r.headers['webhook-id']);
        arrivals.set(uid, (arrivals.get(uid) ?? 0) + 1);
      }
      const missing = events.filter((e) => !arrivals.has(e.event_uid)).map((e) => e.event_uid);
      expect(missing, 'events never delivered').toEqual([]);
      return {
        events: events.length,
        deliveredMoreThanOnce: [...arrivals.values()].filter((n) => n > 1).length,
      };
    }

    /** What the server reports of its database (GET /admin/v1/database, `brokerage doctor`). */
    const databaseReport = async () => {
      const answer = await call(server, env.ADMIN_TOKEN, 'GET', '/admin/v1/database');
      expect(answer.status, answer.text).toBe(200);
      return answer.body;
    };

    it(
      "the primary's node dies: a secondary is promoted and takes the writes, nothing lost",
      async () => {
        for (let cycle = 1; cycle <= cycles; cycle++) {
          const old = await formation.settled();
          // Synchronous: a commit waits for one of the two standbys, so an acknowledged write is on two nodes.
          const report = await databaseReport();
          expect(report).toMatchObject({ store: 'postgres', hosts: 3, primary: true, server: `127.0.0.1:${old.port}` });
          if (!asynchronous) {
            expect(report.synchronousStandbyNames).toMatch(/^ANY 1 \(/);
            expect(report.standbys.map((s: { sync: string }) => s.sync)).toEqual(['quorum', 'quorum']);
          }
          // The standbys fall behind first (the primary's WAL senders stopped for a moment under load): what the
          // primary acknowledged meanwhile is on a standby only if a commit waited for one.
          await drillThrough(`cycle ${cycle}: the primary node killed, its standbys behind`, async () => {
            await formation.pauseReplication();
            await sleep(drill.between(300, 1_000));
            const killedAt = performance.now();
            formation.killNode(old);
            formation.resumeReplication();
            return killedAt;
          });
          const promoted = await formation.primary();
          expect(promoted?.name).not.toBe(old.name);
          expect((await databaseReport()).server).toBe(`127.0.0.1:${promoted?.port}`);

          // The old primary comes back: its keeper rewinds it and it rejoins as a secondary.
          formation.restartNode(old);
          const primary = await formation.settled(120_000);
          expect(primary.name).toBe(promoted?.name);
        }
      },
      300_000 * cycles,
    );

    it('a planned switchover: the same process follows, nothing lost', async () => {
      const before = await formation.settled();
      await drillThrough('a switchover', () => {
        formation.switchover();
        return undefined;
      });
      const after = await formation.settled();
      expect(after.name).not.toBe(before.name);
    }, 300_000);

    it("the primary's PostgreSQL alone dies: its keeper restarts it, the server follows, nothing lost", async () => {
      const primary = await formation.settled();
      await drillThrough('the primary PostgreSQL killed', () => {
        formation.killPostgres(primary);
        return undefined;
      });
      await formation.settled(120_000);
    }, 300_000);
  },
);
