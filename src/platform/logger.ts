import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from '../config.js';
import { limits } from '../limits.js';

/** Never written to a log line, wherever they appear. */
const redactedPaths = ['req.headers.authorization', '*.password', '*.secret', '*.access_token', '*.authorization'];

/**
 * Route parameters a request line leaves out: hosted-page links carry their secret in the path (:secret, :token),
 * and the names the logger redacts anywhere.
 */
const withheldParams = new Set(['secret', 'token', 'password', 'access_token', 'authorization']);

/** Where createLogger's loggers write, and their fixed bindings (pid, hostname) as pino writes them. */
const requestLineSinks = new WeakMap<Logger, { stream: DestinationStream; bindings: string }>();

/**
 * The process's one logger (requests, jobs, webhook dispatch). It writes asynchronously and in batches: lines are
 * queued and written together once 4 KiB are queued or 100 ms have passed, instead of one write to stdout, handed
 * to a worker thread, per line. main flushes it on shutdown; what a crash can lose is the last lines (at most
 * 100 ms of them), never a committed change (the ledger is the record).
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const stream =
    destination ??
    pino.destination({ sync: false, minLength: limits.logBatchLengthMin, periodicFlush: limits.logFlushIntervalMs });
  const logger = pino({ level, redact: { paths: redactedPaths, remove: true } }, stream);
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
  requestLineSinks.set(logger, { stream, bindings });
  return logger;
}

/** A logger that writes nothing: an app built without logging still has one (app.ts). */
export const silentLogger = (): Logger => pino({ level: 'silent' });

interface RequestLine {
  readonly method: string;
  readonly route: string;
  readonly params: Record<string, string> | undefined;
  readonly statusCode: number;
  readonly ms: number;
}

function requestLineOf(request: FastifyRequest, reply: FastifyReply): RequestLine {
  const given = request.params as Record<string, string> | undefined;
  let params: Record<string, string> | undefined;
  for (const key in given) {
    if (withheldParams.has(key)) continue;
    params ??= {};
    params[key] = given[key] as string;
  }
  return {
    method: request.method,
    route: request.routeOptions.url ?? 'unmatched',
    params,
    statusCode: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/**
 * The line pino writes for `request.log.info(line, 'request')`, written here instead: with the logger's bindings
 * and the request id in pino's order, and nothing to redact (requestLineOf leaves out every redacted name), it
 * costs a few string joins where pino walked the object for redaction and serialized it field by field.
 */
const requestLineJson = (bindings: string, requestId: string, line: RequestLine): string =>
  `{"level":30,"time":${Date.now()}${bindings},"reqId":${JSON.stringify(requestId)}` +
  `,"method":${JSON.stringify(line.method)},"route":${JSON.stringify(line.route)}` +
  `${line.params === undefined ? '' : `,"params":${JSON.stringify(line.params)}`}` +
  `,"statusCode":${line.statusCode},"ms":${line.ms},"msg":"request"}\n`;

/**
 * One line per request, written with the answer (Fastify's own request logging writes two). It names the route
 * pattern and its parameters, never the raw URL: hosted-page links carry their secret in the path, and query
 * strings can carry customers' emails. A logger from createLogger gets the line written directly (requestLineJson);
 * any other logger gets it through pino.
 */
export function logEachRequest(app: FastifyInstance, logger: FastifyBaseLogger): void {
  const own = logger as Logger;
  const sink = requestLineSinks.get(own);
  app.addHook('onResponse', (request, reply, done) => {
    if (sink === undefined) {
      const { method, route, params, statusCode, ms } = requestLineOf(request, reply);
      request.log.info({ method, route, ...(params === undefined ? {} : { params }), statusCode, ms }, 'request');
    } else if (own.isLevelEnabled('info')) {
      sink.stream.write(requestLineJson(sink.bindings, String(request.id), requestLineOf(request, reply)));
    }
    done();
  });
}
