import { forgetClockOffset } from '../src/workspaces/clock.js';
import type { Kind, Model } from './model.js';
import type { Step } from './steps.js';
import { simAdminToken, type World } from './world.js';

// The simulated partner: it speaks to the current app instance through Fastify's inject, renews its token on the
// simulated clock, and meets the step's fault on its request's first attempt. A keyed write whose answer was lost
// (a crash) or was a 503 or 500 is sent again with the same Idempotency-Key, as the spec tells partners to.

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  /** The answer never reached the client: the instance crashed. */
  readonly lost: boolean;
}

export interface ApiRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly payload?: object;
}

const lostAnswer: Answer = { status: 0, body: {}, lost: true };
/** A keyed write is sent at most this many times (the first and its retries). */
const attemptsMax = 5;
/** The simulated time between a failed attempt and its retry. */
const retryPauseMs = 1_000;
/** Tokens live 300 s (limits.accessTokenLifetimeSeconds): renewed a minute before. */
const tokenRenewAfterMs = 240_000;

const parse = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export class Client {
  workspaceId = '';
  private credentialVersion = 1;
  private token = '';
  private tokenMintedAtMs = Number.NEGATIVE_INFINITY;
  /** Answers by status, for the run's figures. */
  readonly statuses = new Map<string, number>();
  /** Answers of 500 or more: a step without a fault must cause none. */
  serverErrors = 0;

  constructor(
    private readonly world: World,
    private readonly model: Model,
  ) {}

  private count(label: string, status: number): void {
    const bucket = `${label} ${status === 0 ? 'lost' : status}`;
    this.statuses.set(bucket, (this.statuses.get(bucket) ?? 0) + 1);
  }

  /**
   * A fresh workspace and its token: each sequence is one partner. `admin` is the operator's request: on the app
   * under simulation, unless production mode creates the workspace on a stage server (production-setup.ts).
   */
  async open(name: string, admin: (request: ApiRequest) => Promise<Answer> = (r) => this.admin(r)): Promise<void> {
    const created = await admin({ method: 'POST', url: '/admin/v1/workspaces', payload: { name } });
    if (created.status !== 201)
      throw new Error(`workspace not created: ${created.status} ${JSON.stringify(created.body)}`);
    this.workspaceId = String(created.body.workspaceId);
    const [row] = await this.world.db.query<{ credential_version: number }>(
      'select credential_version from workspaces where id = $1',
      [this.workspaceId],
    );
    this.credentialVersion = Number(row?.credential_version ?? 1);
    await this.renewToken();
  }

  /**
   * A token as POST /oauth/token mints it (the app's TokenService, on the simulated clock), without the password
   * grant: its scrypt costs tens of real milliseconds, and a sequence crosses a token's 300 s many times. The grant
   * itself is the tests' (test/api); here it would only slow every sequence down.
   */
  private async renewToken(): Promise<void> {
    const { ctx } = this.world.instance;
    this.token = (await ctx.tokens.mint(this.workspaceId, this.credentialVersion, ctx.clock.nowMs())).token;
    this.tokenMintedAtMs = ctx.clock.nowMs();
  }

  private async headers(key: string | undefined): Promise<Record<string, string>> {
    if (this.world.clock.nowMs() - this.tokenMintedAtMs >= tokenRenewAfterMs) await this.renewToken();
    return { authorization: `Bearer ${this.token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) };
  }

  /** One request on the current instance, without faults. */
  async plain(request: ApiRequest, key?: string): Promise<Answer> {
    // The process remembers a workspace's clock offset for 50 ms of real time (workspaces/clock.ts): forgotten before
    // each request, the offset is read from the database every time, so a request runs the same statements (and
    // meets a fault at the same one) however fast the machine is.
    forgetClockOffset(this.workspaceId);
    const response = await this.world.instance.app.inject({
      method: request.method,
      url: request.url,
      headers: await this.headers(key),
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    if (response.statusCode >= 500) this.serverErrors += 1;
    return { status: response.statusCode, body: parse(response.body), lost: false };
  }

  async admin(request: ApiRequest): Promise<Answer> {
    const response = await this.world.instance.app.inject({
      method: request.method,
      url: request.url,
      headers: { authorization: `Bearer ${simAdminToken}` },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    if (response.statusCode >= 500) this.serverErrors += 1;
    return { status: response.statusCode, body: parse(response.body), lost: false };
  }

  /**
   * The request with the step's fault on it (if the fault is a request's): a store fault armed on the instance's
   * database, a rail fault on its rails, or the crash before the reply. A crash throws the instance away.
   */
  async faulted(step: Step, send: () => Promise<Answer>): Promise<Answer> {
    const { store, rails, prices } = this.world.instance;
    const fault = step.fault;
    const point = step.point ?? 1;
    if (fault === 'db-down' || fault === 'db-lost-before' || fault === 'db-lost-after' || fault === 'db-error') {
      store.arm({ kind: fault, point });
    } else if (fault === 'crash-after') {
      store.arm({ kind: 'crash-after', point });
    } else if (fault === 'rail-fails' || fault === 'rail-times-out') {
      rails.arm(fault, point);
    } else if (fault === 'prices-fail') {
      prices.arm(point);
    }
    let answer: Answer;
    try {
      answer = await send();
    } catch (error) {
      if (!store.dead) throw error;
      answer = lostAnswer;
    } finally {
      store.disarm();
      rails.disarm();
      prices.disarm();
    }
    if (store.dead || fault === 'crash-before-reply') {
      await this.world.crash();
      return lostAnswer;
    }
    return answer;
  }

  /** A step's request that is not a keyed write: the fault on it, never retried (nothing makes a retry safe). */
  async once(step: Step, label: string, request: ApiRequest, admin = false): Promise<Answer> {
    const answer = await this.faulted(step, () => (admin ? this.admin(request) : this.plain(request)));
    this.count(label, answer.status);
    return answer;
  }

  /**
   * A keyed write: the fault on its first attempt, retried with its key until an answer is definite (not lost, not
   * 5xx, not the 409 of a key a concurrent request is reserving), then, when the step says so, sent again (a retry after its
   * answer) or twice at once from the start (concurrent duplicates). Records every answer under the key.
   */
  async keyed(step: Step, index: number, kind: Kind, label: string, request: ApiRequest): Promise<Answer> {
    const key = `sim-${index}-${step.pick.toString(36)}`;
    const idField = `${kind}Id`;
    const record = (answer: Answer) => {
      const ok = answer.status >= 200 && answer.status < 300;
      const id = ok && typeof answer.body[idField] === 'string' ? (answer.body[idField] as string) : undefined;
      this.model.recordKeyAnswer(key, kind, id, isDefinite(answer));
      this.count(label, answer.status);
    };
    let answer: Answer;
    if (step.duplicate === 'concurrent') {
      const both = await this.faulted(step, async () => {
        const [first, second] = await Promise.all([this.plain(request, key), this.plain(request, key)]);
        record(second);
        return first;
      });
      answer = both;
    } else {
      answer = await this.faulted(step, () => this.plain(request, key));
    }
    record(answer);
    for (let attempt = 2; attempt <= attemptsMax && !isDefinite(answer); attempt += 1) {
      this.world.clock.advance(retryPauseMs);
      answer = await this.plain(request, key);
      record(answer);
    }
    if (step.duplicate === 'retry' && isDefinite(answer)) {
      const again = await this.plain(request, key);
      record(again);
      // Spec, Idempotent writes 5: a write accepted and then failed in execution answers 409 from then on.
      const failedSince = again.status === 409 && /failed during execution/.test(String(again.body.message ?? ''));
      if (again.status !== answer.status && !failedSince) {
        this.model.problems.push(`replay of key ${key} answered ${again.status} after ${answer.status}`);
      }
    }
    return answer;
  }
}

/** An answer the partner may act on: not lost, not a transient failure, not a key still in progress. */
function isDefinite(answer: Answer): boolean {
  if (answer.lost || answer.status === 503 || answer.status >= 500) return false;
  // The one 409 that asks for a retry (platform/idempotency-claim.ts): the key's first request has not committed yet.
  if (answer.status === 409 && /concurrent request; retry/.test(String(answer.body.message ?? ''))) return false;
  return true;
}
