import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { authorization, externalService, validation } from '../domain/errors.js';
import { notUtf8Message, strictUtf8 } from '../platform/json-body.js';
import { errorResponses } from '../platform/schema.js';
import { checkBodyText } from '../platform/storable-input.js';
import type { ProviderServiceCallbacks } from '../providers/production-providers.js';
import { checkProviderSignature, providerHeaders } from '../providers/provider-service/signature.js';
import { CallbackAnswer, InboundCreditCallback, PayoutOutcomeCallback } from './schema.js';
import { receiveInboundCredit, receivePayoutOutcome } from './service.js';

// The provider service's callbacks, under /provider/v1 (app.ts). They are not part of the partner API: hidden from
// its document, described in openapi/provider-protocol.json. Every callback is signed with the shared secret over
// the exact body bytes (providers/provider-service/signature.ts), checked before the body is validated or anything
// is read: a bad signature or a stale timestamp is 401 and changes nothing.

/** The exact bytes each request's body arrived as: the signature covers them, not a re-serialisation. */
const rawBodies = new WeakMap<FastifyRequest, string>();

const signatureRefusals = {
  missing: 'The callback lacks a valid Provider-Timestamp and Provider-Signature',
  stale: 'The callback’s Provider-Timestamp is too far from now: send it again, signed anew',
  mismatch: 'The callback’s Provider-Signature does not match its body',
} as const;

export async function providerCallbackRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  // Nothing connected (stage, or production without a providerService section): 503, so that a provider pointed
  // here by mistake keeps its callbacks and sends them again once the operator connects it, rather than drop them.
  const connected = (): ProviderServiceCallbacks => {
    if (ctx.providerService === undefined) throw externalService('No provider service is connected on this server');
    return ctx.providerService;
  };
  scope.addHook('onRequest', async () => {
    connected();
  });
  const checkSignature = (request: FastifyRequest) => {
    const check = checkProviderSignature(
      connected().secret,
      {
        timestamp: request.headers[providerHeaders.timestamp],
        signature: request.headers[providerHeaders.signature],
      },
      rawBodies.get(request) ?? '',
      ctx.clock.nowMs(),
    );
    if (check !== 'valid') throw authorization(signatureRefusals[check]);
  };
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  // The signature is checked on the bytes before they are parsed: a forged body is 401 whatever it holds. Only then
  // is the text decoded strictly, as every other body is (platform/json-body.ts): invalid UTF-8 is a 400.
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    const bytes = raw as Buffer;
    rawBodies.set(request, bytes.toString('utf8'));
    try {
      checkSignature(request);
    } catch (refusal) {
      return done(refusal as Error, undefined);
    }
    const body = strictUtf8(bytes);
    if (body === undefined) return done(validation(notUtf8Message), undefined);
    parseJson(request, body, (error, parsed) => {
      if (error) return done(error, undefined);
      try {
        checkBodyText(body, parsed);
      } catch (refusal) {
        return done(refusal as Error, undefined);
      }
      done(null, parsed);
    });
  });
  // A request without a JSON body was not parsed: its signature is checked here, before the schema refuses it.
  scope.addHook('preValidation', async (request) => {
    if (!rawBodies.has(request)) checkSignature(request);
  });

  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const responses = { 200: CallbackAnswer, ...errorResponses('create', [400, 401, 404, 409]) };
  app.post(
    '/inbound-credits',
    {
      config: { kind: 'create' },
      schema: { hide: true, body: InboundCreditCallback, response: responses },
    },
    async (request) => receiveInboundCredit(ctx, connected(), request.body),
  );
  app.post(
    '/payout-outcomes',
    {
      config: { kind: 'create' },
      schema: { hide: true, body: PayoutOutcomeCallback, response: responses },
    },
    async (request) => receivePayoutOutcome(ctx, request.body),
  );
}
