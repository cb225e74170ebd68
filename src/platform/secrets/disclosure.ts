import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../actor.js';
import '../fastify-types.js';

// Who saw what (issue #28, part 1: "reads that must show the value unseal it at the edge, and the audit log records
// who saw what"). A request of the operators' side (an /admin/v1 call, the CLI, a console page) runs inside a
// Disclosure; every sealed field opened while serving it (openSensitive, openSensitiveText: a JSON answer, a console
// page, a payout file) is noted there by the opener itself, so no route can show one and forget to say so. Before
// the answer leaves, the hook writes one audit row naming the operator, the path and the fields shown; when that
// row cannot be written the answer is not sent (an error is, which shows nothing). Partner requests, hosted pages,
// jobs and the webhook dispatcher open values too, for their own owner or a rail: they run in no Disclosure.

interface Disclosure {
  readonly fields: Set<string>;
  count: number;
}

const current = new AsyncLocalStorage<Disclosure>();
const ofRequest = new WeakMap<FastifyRequest, Disclosure>();

/** Notes one sealed field opened, under `field` (its JSON name, or `value` for a whole sealed value). */
export function noteDisclosed(field: string): void {
  const disclosure = current.getStore();
  if (disclosure === undefined) return;
  disclosure.count += 1;
  disclosure.fields.add(field);
}

/** Runs `use` outside any Disclosure: what it opens is used, not shown (sensitive.ts, openForUse). */
export function withoutDisclosure<T>(use: () => T): T {
  return current.exit(use);
}

/** Runs `open` inside the request's Disclosure (for the answer hook, which may run outside the handler's context). */
export function openingFor<T>(request: FastifyRequest, open: () => T): T {
  const disclosure = ofRequest.get(request);
  return disclosure === undefined ? open() : current.run(disclosure, open);
}

/** What the audit row says: the fields shown and where. */
export interface ShownValues {
  readonly actor: Actor;
  readonly requestId: string;
  /** The route's pattern, `GET /admin/v1/withdrawals/:withdrawalId`. */
  readonly route: string;
  /** The path asked for, without its query (which may hold what was searched for). */
  readonly path: string;
  readonly fields: readonly string[];
  readonly count: number;
}

const operatorActor = (request: FastifyRequest): Actor | undefined => (request as unknown as { actor?: Actor }).actor;

/**
 * Registers, on the root before any route: a preHandler that opens a Disclosure for an operator's request (one
 * whose authentication set `request.actor`; every onRequest hook has run by then), and an onSend hook that records
 * what it showed through `record`. Register after openSealedAnswers, so that its openings are counted.
 */
export function registerDisclosureAudit(app: FastifyInstance, record: (shown: ShownValues) => Promise<void>): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (operatorActor(request) === undefined) {
      done();
      return;
    }
    const disclosure: Disclosure = { fields: new Set(), count: 0 };
    ofRequest.set(request, disclosure);
    current.run(disclosure, done);
  });
  // A callback hook: a partner's answer, which no Disclosure follows, passes without a promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const disclosure = ofRequest.get(request);
    const actor = operatorActor(request);
    if (disclosure === undefined || disclosure.count === 0 || actor === undefined) return done(null, payload);
    const shown: ShownValues = {
      actor,
      requestId: request.id,
      route: `${request.method} ${request.routeOptions.url ?? ''}`,
      path: request.url.split('?')[0] ?? request.url,
      fields: [...disclosure.fields].sort(),
      count: disclosure.count,
    };
    // Counted once: an error answer sent instead (the row failed) passes here again and must not retry it.
    disclosure.count = 0;
    record(shown).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
