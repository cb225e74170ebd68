import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { limits } from '../../limits.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import '../fastify-types.js';

// The request log's hook on the /v1 scope (resources/routes.ts registers it once, after the bearer-token check):
// every request whose token named a workspace is recorded as its answer is sent; a request refused by the token check
// has no workspace and is not (docs/decisions/storage-and-reliability.md, "The partner request log (issue #30)").
//
// One onSend hook, which runs after the root's (platform/secrets/open-at-edge.ts opens the answer's sealed fields
// there), so that what the log masks is what the partner received. It keeps references only: the writer masks,
// bounds and writes each batch later (writer.ts, entry.ts). The latency is the answer's: from the request's arrival
// to its answer, handed to the socket, as Fastify times it for an app with a logger (app.ts gives every app one, a
// silent one when it is built without logging). One hook, and no state kept between hooks (docs/performance.md,
// "The partner request log's cost").

const isJson = (type: unknown) => typeof type === 'string' && type.includes('json');

/** The Content-Length as sent, when it is one (a refused request may claim any size). */
function contentLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  const bytes = header === undefined ? Number.NaN : Number(header);
  return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : undefined;
}

/**
 * The size of a body sent without a Content-Length (chunked), as JSON text: a rare case, measured so that the
 * writer's bound counts what it holds.
 */
function sizeWithoutLength(body: unknown): number | undefined {
  if (body === undefined) return undefined;
  try {
    return Buffer.byteLength(JSON.stringify(body) ?? '');
  } catch {
    return undefined;
  }
}

export function recordRequests(scope: FastifyInstance, ctx: Pick<AppContext, 'requestLog' | 'clock'>): void {
  const writer = ctx.requestLog;
  if (!writer.enabled) return;
  scope.addHook('onSend', (request, reply, payload, done) => {
    const workspace = request.workspace as WorkspaceContext | undefined;
    if (workspace !== undefined) {
      const sent = contentLength(request) ?? sizeWithoutLength(request.body);
      const text = typeof payload === 'string' ? payload : undefined;
      // A text longer in characters than the bound is longer in bytes: only its size is kept, not the text.
      const held = text !== undefined && text.length <= limits.requestLogBodyMaxBytes;
      const latencyMs = reply.elapsedTime;
      writer.append({
        workspaceId: workspace.id,
        occurredAtMs: ctx.clock.nowMs() - latencyMs,
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        latencyMs,
        requestId: String(request.id),
        idempotencyKey: request.headers['idempotency-key'],
        requestBody: sent !== undefined && sent <= limits.requestLogBodyMaxBytes ? request.body : undefined,
        requestBytes: sent,
        responseText: held ? text : undefined,
        responseJson: text !== undefined && isJson(reply.getHeader('content-type')),
        responseBytes: held
          ? undefined
          : text !== undefined
            ? Buffer.byteLength(text)
            : Buffer.isBuffer(payload)
              ? payload.length
              : undefined,
      });
    }
    done(null, payload);
  });
}
