import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limits } from '../../limits.js';

// The console's forms arrive url-encoded (no script builds a request): parsed here, in the console's scope only.

export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: limits.consoleFormBodyLimitBytes },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

/** One text field of the posted form ('' when absent). */
export function formField(request: FastifyRequest, name: string): string {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}
