import type { FastifyInstance } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from '../config.js';

/** Never written to a log line, wherever they appear. */
const redactedPaths = ['req.headers.authorization', '*.password', '*.secret', '*.access_token', '*.authorization'];

/**
 * The process's one logger (requests, jobs, webhook dispatch). It writes asynchronously: a line is queued and the
 * queue is written while the next requests run, instead of blocking each request on a write to stdout. main flushes
 * it on shutdown; what a crash can lose is the last lines, never a committed change (the ledger is the record).
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    { level, redact: { paths: redactedPaths, remove: true } },
    destination ?? pino.destination({ sync: false }),
  );
}

/**
 * One line per request, written with the answer (Fastify's own request logging writes two). It names the route
 * pattern and its parameters, never the raw URL: hosted-page links carry their secret in the path, and query
 * strings can carry customers' emails.
 */
export function logEachRequest(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const { secret: _secret, token: _token, ...params } = (request.params ?? {}) as Record<string, string>;
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        ...(Object.keys(params).length > 0 ? { params } : {}),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
