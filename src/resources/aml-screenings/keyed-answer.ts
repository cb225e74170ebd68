import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { idempotencyKeyOf, requestHash } from '../../platform/idempotency.js';
import { claimKey, earlierAnswer, KeyTaken } from '../../platform/idempotency-claim.js';
import type { Queryable } from '../../storage/db.js';

// The Idempotency-Key of POST /v1/aml-screenings, with the spec's narrower semantics (Idempotent writes, last
// paragraph): the key is scoped to the workspace only (not to an account: the key space is the one the workspace's
// own writes use, so a key already used on another endpoint is 409 here too), a replay returns the original
// screening as it was answered, and the same key with another payload is 409. The key is claimed with its answer
// in the screening's transaction. Unlike the three money writes, a screening that fails (no list to screen
// against: 503) leaves the key unused, since nothing was written and a retry with the same key is what the spec
// asks of a client after a 503.

export type Commit = (tx: Queryable, answer: unknown) => Promise<void>;

export async function answerKeyed(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  write: { endpoint: string; status: number },
  execute: (commit: Commit) => Promise<unknown>,
): Promise<FastifyReply> {
  const send = (code: number, body: string) =>
    reply
      .code(code)
      .type('application/json; charset=utf-8')
      .serializer((payload) => payload as string)
      .send(body);
  const key = idempotencyKeyOf(request);
  if (key === undefined) return send(write.status, JSON.stringify(await execute(async () => {})));
  const scope = {
    workspaceId: request.workspace.id,
    accountScope: '',
    key,
    endpoint: write.endpoint,
    hash: requestHash(write.endpoint, request.body),
  };
  try {
    let text = '';
    await execute(async (tx, answer) => {
      text = JSON.stringify(answer);
      const outcome = { state: 'completed' as const, status: write.status, body: text };
      if (!(await claimKey(tx, scope, outcome, ctx.clock.nowMs()))) throw new KeyTaken();
    });
    return send(write.status, text);
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const earlier = await earlierAnswer(ctx.db, scope);
    void reply.header('idempotent-replayed', 'true');
    return send(earlier.status, earlier.body);
  }
}
