import type { FastifyBaseLogger } from 'fastify';
import { limits } from '../limits.js';
import type { Clock } from '../platform/clock.js';
import { PollingLoop } from '../platform/polling-loop.js';
import { open } from '../platform/sealing.js';
import type { SecretsKeyring } from '../platform/secrets/keyring.js';
import { openSensitiveText } from '../platform/secrets/sensitive.js';
import type { Db, Queryable } from '../storage/db.js';
import { lazilyCommitted } from '../storage/lazy-commit.js';
import { type AttemptedDelivery, isDelivered, recordAttempt } from './attempt-record.js';
import { eventApiVersion } from './catalogue.js';
import { type Attempt, postOnce } from './deliver.js';
import { signedHeaders } from './signature.js';
import type { Resolver } from './url-policy.js';

export interface DispatcherOptions {
  readonly allowInsecure: boolean;
  /** A fallback poll; new events normally wake the dispatcher through NOTIFY at commit. */
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  readonly timeoutMs: number;
  readonly batchSize: number;
  /** Sends in flight at once per process: a slow endpoint holds one slot, never the others' events. */
  readonly maxInFlight: number;
  /** WEBHOOK_DISABLE_AFTER_HOURS in milliseconds: when a retrying endpoint whose every attempt fails is disabled. */
  readonly disableAfterMs: number;
  readonly resolver?: Resolver;
  /** A number in [0, 1) for the retries' jitter; Math.random unless a test fixes it. */
  readonly random?: () => number;
  /** The transport of one attempt: postOnce unless a simulation answers for the receivers (simulation/receivers.ts). */
  readonly post?: typeof postOnce;
}

/** The envelope's api_version, as JSON. */
const apiVersion = JSON.stringify(eventApiVersion);

interface Claimed extends AttemptedDelivery {
  event_id: string;
  /** The stable eventId (issue #12, item 1): the same on every delivery, retry and re-send; also webhook-id. */
  event_uid: string;
  data: string;
  url: string;
  secret_sealed: string | null;
  /** The secret a rotation replaced, while its grace lasts (signs webhook-signature only). */
  previous_secret_sealed: string | null;
  [column: string]: unknown;
}

/** A claimed delivery joined with its event and endpoint; `c` is the delivery row (or the claim's RETURNING). */
const claimedSelect = (nowMs: string) => `select c.id, c.outbox_id, c.endpoint_id, c.workspace_id, c.attempt,
    c.first_attempt_at_ms, o.event_id, o.type, o.data::text as data, o.event_uid::text as event_uid, e.url,
    e.secret_sealed, e.retry_policy,
    case when e.previous_secret_until_ms > ${nowMs} then e.previous_secret_sealed end as previous_secret_sealed,
    (e.is_active and e.deleted_at_ms is null) as active
  from claimed c join outbox_events o on o.id = c.outbox_id join webhook_endpoints e on e.id = c.endpoint_id`;

/**
 * Delivers the outbox to webhook endpoints: each committed event is fanned out once to the endpoints active at
 * that moment (a delivery row per endpoint), then each delivery is claimed with a lease (FOR UPDATE SKIP LOCKED),
 * attempted once and recorded. An endpoint with retryPolicy 'exponential' gets a failed attempt's next one as a
 * new row, scheduled, and claimed the same way when due (attempt-record.ts). Several processes share the work;
 * only a crash between a send and its record sends again after the lease, which the spec allows.
 */
export class WebhookDispatcher {
  private readonly loop: PollingLoop;
  private again = false;
  /** Resolves the drain's wait when new work is announced while it runs. */
  private wakeUp: (() => void) | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secretsKeyring: SecretsKeyring,
    private readonly log: FastifyBaseLogger,
    private readonly options: DispatcherOptions,
  ) {
    const announced = () => {
      this.again = true;
      this.wakeUp?.();
    };
    this.loop = new PollingLoop(
      () => this.drain(),
      log,
      { intervalMs: options.pollIntervalMs, name: 'webhook dispatcher' },
      announced,
    );
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen('outbox_events', () => this.loop.wake());
    this.loop.start();
  }

  async stop(): Promise<void> {
    const stopping = this.loop.stop();
    await this.unlisten?.().catch(() => {});
    await stopping;
  }

  /** Fans out and sends everything due now; tests call it instead of waiting. Returns the attempts made. */
  runDue(): Promise<number> {
    return this.loop.runDue();
  }

  /**
   * Sends a delivery row its caller inserted already held ('sending', under a lease, so no dispatcher claims it)
   * and records the outcome: the test event of POST /v1/webhooks/{webhookId}/test, answered to the partner.
   */
  async sendHeld(deliveryId: bigint): Promise<Attempt & { delivered: boolean }> {
    const nowMs = this.clock.nowMs();
    const [delivery] = await this.db.query<Claimed>(
      `with claimed as (select * from webhook_deliveries where id = $1 and state = 'sending') ${claimedSelect('$2')}`,
      [deliveryId, nowMs],
    );
    if (!delivery) throw new Error(`delivery ${deliveryId} is not held`);
    // Sent whatever the endpoint's isActive: the caller checked that it is not deleted.
    const outcome = await this.attempt({ ...delivery, active: true });
    return { ...outcome, delivered: isDelivered(outcome) };
  }

  /**
   * Fans out and claims while there is room in the send pool, without waiting for a batch to finish: each send
   * frees its slot when it ends. A round that found less than it asked for ends the looking: the next round waits
   * for a wake-up (NOTIFY, runDue), or for a slot when the pool was full, so an idle round trip is not repeated per
   * event or per send. Returns once nothing is due and nothing is in flight.
   */
  private async drain(): Promise<number> {
    let attempts = 0;
    const inFlight = new Set<Promise<void>>();
    for (;;) {
      this.again = false;
      const room = this.options.maxInFlight - inFlight.size;
      const wanted = Math.min(room, this.options.batchSize);
      const { fanned, claimed } = await this.fanOutAndClaim(wanted);
      for (const delivery of claimed) {
        const send: Promise<void> = this.attempt(delivery)
          .then(() => undefined)
          .catch((error: unknown) => this.log.error({ err: error, deliveryId: delivery.id }, 'webhook attempt failed'))
          .finally(() => inFlight.delete(send));
        inFlight.add(send);
      }
      attempts += claimed.length;
      const mayHaveMore = fanned === limits.webhookFanOutBatchSize || (wanted > 0 && claimed.length === wanted);
      if (mayHaveMore || this.again) continue;
      if (inFlight.size === 0) return attempts;
      const woken = new Promise<void>((resolve) => {
        this.wakeUp = resolve;
      });
      // A full pool looks again when a slot frees; otherwise only new work, or the end of every send, does.
      const slotFreed = wanted === 0 ? Promise.race(inFlight) : Promise.all(inFlight);
      await Promise.race([slotFreed, woken]);
      this.wakeUp = undefined;
    }
  }

  /**
   * One round's fan-out and claim, in one transaction that commits without waiting for its WAL to reach the disk
   * (or a synchronous standby): nothing outside the database has happened yet when it commits, so a crash or a
   * failover that loses it loses only work that is done again. The events stay unfanned, the deliveries pending,
   * and they are sent again, which at-least-once delivery allows; the attempt's record, which a send follows,
   * commits as every write does. Waiting for two flushes between an event's commit and its send was most of the
   * lag's tail where a flush is slow (issue #32, item 4; docs/performance.md).
   */
  private fanOutAndClaim(wanted: number): Promise<{ fanned: number; claimed: Claimed[] }> {
    return lazilyCommitted(this.db, async (tx) => {
      const fanned = await this.fanOut(tx);
      const claimed = wanted > 0 ? await this.claim(tx, wanted) : [];
      return { fanned, claimed };
    });
  }

  /**
   * Returns how many events it fanned out: a backlog takes several rounds. An endpoint with enabled_events gets only
   * those types; null is every type (the spec's rule).
   */
  private async fanOut(tx: Queryable): Promise<number> {
    const nowMs = this.clock.nowMs();
    const [counted] = await tx.query<{ n: bigint }>(
      `with due as (
         select id, workspace_id, type from outbox_events where fanned_out_at_ms is null order by id
         limit ${limits.webhookFanOutBatchSize} for update skip locked),
       fanned as (
         insert into webhook_deliveries (outbox_id, endpoint_id, workspace_id, state, created_at_ms)
         select due.id, e.id, due.workspace_id, 'pending', $1 from due
         join webhook_endpoints e on e.workspace_id = due.workspace_id and e.is_active and e.deleted_at_ms is null
           and (e.enabled_events is null or due.type = any(e.enabled_events))
         order by due.id),
       marked as (update outbox_events set fanned_out_at_ms = $1 where id in (select id from due) returning 1)
       select count(*) as n from marked`,
      [nowMs],
    );
    return Number(counted?.n ?? 0);
  }

  /** Pending rows, rows whose sender's lease ran out, and retries whose time has come. */
  private async claim(tx: Queryable, limit: number): Promise<Claimed[]> {
    const nowMs = this.clock.nowMs();
    return tx.query<Claimed>(
      `with claimed as (
         update webhook_deliveries set state = 'sending', locked_until_ms = $2
         where id in (
           select id from webhook_deliveries
           where state = 'pending' or (state = 'sending' and locked_until_ms < $1)
             or (state = 'scheduled' and next_attempt_at_ms <= $1)
           order by id limit $3 for update skip locked)
         returning *)
       ${claimedSelect('$1')}
       order by c.id`,
      [nowMs, nowMs + this.options.leaseMs, limit],
    );
  }

  private async attempt(delivery: Claimed): Promise<Attempt> {
    let outcome: Attempt;
    if (!delivery.active) {
      outcome = { statusCode: undefined, latencyMs: 0, error: 'endpoint deleted or deactivated before delivery' };
    } else {
      // The envelope is written here as bytes once; the signature covers exactly these bytes. The partner receives
      // the data in full: its sealed fields (platform/secrets/sensitive.ts) are opened here, never stored opened.
      const data = openSensitiveText(this.secretsKeyring, delivery.data);
      const body = Buffer.from(
        `{"eventId":${JSON.stringify(delivery.event_uid)},"id":${JSON.stringify(delivery.event_id)},"type":${JSON.stringify(delivery.type)},"api_version":${apiVersion},"data":${data}}`,
      );
      const headers: Record<string, string> = { 'user-agent': 'brokerage-webhooks/1.0' };
      if (delivery.secret_sealed !== null) {
        const secrets = {
          current: open(this.secretsKeyring, delivery.secret_sealed),
          previous:
            delivery.previous_secret_sealed === null
              ? undefined
              : open(this.secretsKeyring, delivery.previous_secret_sealed),
        };
        Object.assign(headers, signedHeaders(secrets, delivery.event_uid, this.clock.nowMs(), body));
      }
      outcome = await (this.options.post ?? postOnce)(delivery.url, body, headers, this.options);
    }
    await recordAttempt(this.db, delivery, outcome, {
      nowMs: this.clock.nowMs(),
      disableAfterMs: this.options.disableAfterMs,
      random: this.options.random ?? Math.random,
    });
    return outcome;
  }
}

/**
 * Wakes the dispatchers of every process (they listen on the channel). An outbox insert announces itself by a
 * trigger; a delivery queued without one (a re-send) must be announced by whoever queued it.
 */
export async function announceDeliveries(db: Queryable): Promise<void> {
  await db.query(`select pg_notify('outbox_events', '')`);
}
