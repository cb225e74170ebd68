import type { FastifyInstance } from 'fastify';
import { validation } from '../domain/errors.js';
import { checkBodyText } from './storable-input.js';

/**
 * JSON text is UTF-8 (RFC 8259, section 8.1). Decoding leniently would turn each invalid sequence into U+FFFD and
 * store a value the client never sent (issue #28, item 4); decoding with `fatal` refuses the body instead.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });

export const notUtf8Message = 'The request body is not valid UTF-8';

/** `bytes` as UTF-8 text, or undefined when they are not valid UTF-8 (never decoded with replacement characters). */
export function strictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The refusal of a body that is well-formed JSON but carries a `__proto__` key, or a `constructor` key holding a
 * `prototype` key. Fastify's parser refuses them (prototype-pollution safety, kept) but says only "not valid JSON",
 * which sends the client looking for a syntax error that is not there (issue #28, item 4).
 */
export const prototypeKeyMessage =
  'The request body holds a key named __proto__, or a constructor key holding a prototype key, which is not accepted';

/** Whether the text is JSON at all: JSON.parse makes a `__proto__` key an own property, so this pollutes nothing. */
function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * JSON bodies, parsed by Fastify's own parser (prototype-poisoning checks included), with these differences:
 * - the bytes are decoded strictly as UTF-8 first: invalid UTF-8 is a 400 ValidationError, never replaced;
 * - a body refused for a `__proto__` or `constructor.prototype` key is told so, not "not valid JSON";
 * - an empty body on a route that takes none is no body at all. Common HTTP clients send `content-type:
 *   application/json` on every request, DELETE and bodiless POSTs included; Fastify refused those with 400 'The
 *   request body is empty' although the document lists no body for them. A route that takes a body still refuses an
 *   empty one, unless its body is optional (`config.bodyOptional`): there no body, or an empty one, is the empty
 *   object.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    const bytes = raw as Buffer;
    if (
      bytes.length === 0 &&
      (request.routeOptions.schema?.body === undefined || request.routeOptions.config.bodyOptional)
    ) {
      done(null, undefined);
      return;
    }
    const body = strictUtf8(bytes);
    if (body === undefined) {
      done(validation(notUtf8Message), undefined);
      return;
    }
    parseJson(request, body, (error, parsed) => {
      if (error) {
        const poisoned = (error as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' && isJsonText(body);
        return done(poisoned ? validation(prototypeKeyMessage) : error, undefined);
      }
      try {
        checkBodyText(body, parsed);
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
