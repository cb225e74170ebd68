import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { answerWrite, idempotencyKeyOf, type KeyPolicy } from '../../platform/idempotency.js';
import { errorResponses, Obj } from '../../platform/schema.js';
import { IdempotencyHeaders } from '../../platform/write-guards.js';
import { listScreenings } from './repo.js';
import { AmlListQuery, AmlScreeningEnvelope, AmlScreeningsEnvelope, CreateAmlScreeningRequest } from './schema.js';
import { createScreening, ownedScreening, screeningSubjectOf } from './service.js';
import { screeningView } from './view.js';

const tags = ['AML screenings'];
const ok = <T>(value: T) => ({ ok: true as const, value });

/**
 * The spec's narrower semantics (Idempotent writes, last paragraph): the key is the workspace's, whoever `userEmail`
 * names (a key the workspace used on another endpoint is 409 here too); a replay answers the original screening and
 * another payload is 409. A screening that fails (no list to screen against: 503) leaves the key unused: nothing was
 * written, and a retry with the same key is what the spec asks of a client after a 503.
 */
const screeningKeys: KeyPolicy = { onFailure: 'leave-unused', scope: 'workspace' };

export async function amlScreeningRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/aml-screenings',
    {
      config: { kind: 'create' },
      // A malformed key is 400 before anything else is looked at (spec, Idempotent writes 1).
      preValidation: async (request) => {
        idempotencyKeyOf(request);
      },
      schema: {
        operationId: 'amlScreenings.create',
        tags,
        summary:
          'Screen a person or a business against sanctions lists (enveloped); a CONFIRMED_MATCH tied to a userEmail stops its money',
        headers: IdempotencyHeaders,
        body: CreateAmlScreeningRequest,
        response: { 201: AmlScreeningEnvelope, ...errorResponses('create', [400, 401, 409, 503]) },
      },
    },
    async (request, reply) => {
      const subject = screeningSubjectOf(request.body);
      return answerWrite(
        ctx,
        request,
        reply,
        { endpoint: 'POST /v1/aml-screenings', status: 201 },
        (commit) => createScreening(ctx, request.workspace, request.body, subject, commit),
        screeningKeys,
      );
    },
  );

  app.get(
    '/aml-screenings',
    {
      schema: {
        operationId: 'amlScreenings.list',
        tags,
        summary: "The workspace's screenings, newest first (enveloped)",
        querystring: AmlListQuery,
        response: { 200: AmlScreeningsEnvelope, ...errorResponses('read', [400, 401]) },
      },
    },
    async (request) => ok((await listScreenings(ctx.db, request.workspace.id, request.query)).map(screeningView)),
  );

  app.get(
    '/aml-screenings/:screeningId',
    {
      schema: {
        operationId: 'amlScreenings.get',
        tags,
        summary: 'One screening as it stands now, resolution included (enveloped)',
        params: Obj({ screeningId: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Obj({}),
        response: { 200: AmlScreeningEnvelope, ...errorResponses('read', [401, 404]) },
      },
    },
    async (request) => ok(screeningView(await ownedScreening(ctx.db, request.workspace, request.params.screeningId))),
  );
}
