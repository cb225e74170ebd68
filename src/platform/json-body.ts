import type { FastifyInstance } from 'fastify';
import { checkBodyText } from './storable-input.js';

/**
 * JSON bodies, parsed by Fastify's own parser (prototype-poisoning checks included), with one difference: an empty
 * body on a route that takes none is no body at all. Common HTTP clients send `content-type: application/json` on
 * every request, DELETE and bodiless POSTs included; Fastify refused those with 400 'The request body is empty'
 * although the document lists no body for them. A route that takes a body still refuses an empty one, unless its
 * body is optional (`config.bodyOptional`): there no body, or an empty one, is the empty object.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && (request.routeOptions.schema?.body === undefined || request.routeOptions.config.bodyOptional)) {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, (error, parsed) => {
      if (error) return done(error, undefined);
      try {
        checkBodyText(body as string, parsed);
      } catch (refusal) {
        return done(refusal as Error, undefined);
      }
      done(null, parsed);
    });
  });
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.bodyOptional === true) request.body ??= {};
  });
}
