import { describe, expect, it } from 'vitest';
import { Model } from '../../simulation/model.js';
import { PartnerInvariants } from '../../simulation/partner-checks.js';
import { EndpointHistory, partnerOf, type Signing } from '../../simulation/partner-model.js';
import type { Post } from '../../simulation/receivers.js';
import { run } from '../../simulation/run.js';
import { openFreshStore } from '../../simulation/stores.js';
import { signedAs } from '../../simulation/webhook-checks.js';
import { signedHeaders } from '../../src/events/signature.js';

// The partner side of the simulator's webhook checks: a post verifies against the endpoint's secrets as they were
// (the rotated one during its grace), and the partner's history of an endpoint keeps every state a lost answer
// leaves possible; and the partner resources' checks see what no committed change explains.

const eventUid = '6f1c1d2e-8a4b-4c8e-9f00-0123456789ab';
const body = Buffer.from(`{"eventId":"${eventUid}","id":"ORD1","type":"order_completed","data":{}}`);
const url = 'http://127.0.0.1:9/ok/1';
const sentAtMs = Date.UTC(2026, 0, 1, 12);
const graceEndMs = sentAtMs + 60_000;

/** A post as the dispatcher makes it (events/signature.ts), signed with these secrets. */
const post = (current: string, previous?: string): Post => ({
  index: 0,
  url,
  body,
  headers: signedHeaders({ current, previous }, eventUid, sentAtMs, body),
  statusCode: 200,
});

describe('a post verified against the endpoint as it was', () => {
  const rotated: Signing = { url, secret: 'new-secret-123', previous: 'old-secret-123', previousUntilMs: graceEndMs };

  it('takes a rotation within its grace signed with both secrets, and refuses either alone', () => {
    expect(signedAs(rotated, post('new-secret-123', 'old-secret-123'), eventUid)).toBe(true);
    expect(signedAs(rotated, post('new-secret-123'), eventUid)).toBe(false);
    expect(signedAs(rotated, post('old-secret-123'), eventUid)).toBe(false);
  });

  it('takes only the new secret once the grace is over', () => {
    const over = { ...rotated, previousUntilMs: sentAtMs - 1_000 };
    expect(signedAs(over, post('new-secret-123'), eventUid)).toBe(true);
    expect(signedAs(over, post('new-secret-123', 'old-secret-123'), eventUid)).toBe(false);
  });

  it('takes either when the grace ends within the second the timestamp names', () => {
    const edge = { ...rotated, previousUntilMs: sentAtMs + 400 };
    expect(signedAs(edge, post('new-secret-123'), eventUid)).toBe(true);
    expect(signedAs(edge, post('new-secret-123', 'old-secret-123'), eventUid)).toBe(true);
  });

  it('takes the legacy endpoint unsigned, and a signed endpoint never unsigned', () => {
    const unsigned: Post = { index: 0, url, body, headers: { 'user-agent': 'x' }, statusCode: 200 };
    expect(signedAs({ url, secret: undefined }, unsigned, eventUid)).toBe(true);
    expect(signedAs({ url, secret: 'new-secret-123' }, unsigned, eventUid)).toBe(false);
    expect(signedAs({ url, secret: undefined }, post('new-secret-123'), eventUid)).toBe(false);
  });

  it('refuses a signature over other bytes or another event', () => {
    const other = { ...post('new-secret-123'), body: Buffer.from(`${body.toString()} `) };
    expect(signedAs({ url, secret: 'new-secret-123' }, other, eventUid)).toBe(false);
    expect(signedAs({ url, secret: 'new-secret-123' }, post('new-secret-123'), 'another-event')).toBe(false);
  });
});

describe("the partner's history of an endpoint", () => {
  const rotate =
    (secret: string) =>
    (s: Signing): Signing => ({ ...s, secret, previous: s.secret });

  it('holds what a definite answer applied from the post it was sent at, and the state before for earlier posts', () => {
    const history = new EndpointHistory({ url, secret: 'a-secret-1' });
    history.change(5, rotate('b-secret-2'), 'applied');
    expect(history.at(4)?.map((s) => s.secret)).toEqual(['a-secret-1']);
    expect(history.at(5)?.map((s) => s.secret)).toEqual(['b-secret-2']);
  });

  it('keeps both states after a lost answer, and nothing new after a refused one', () => {
    const history = new EndpointHistory({ url, secret: 'a-secret-1' });
    history.change(1, rotate('b-secret-2'), 'maybe');
    history.change(2, rotate('c-secret-3'), 'not');
    expect(history.now.map((s) => s.secret)).toEqual(['a-secret-1', 'b-secret-2']);
    history.change(3, (s) => ({ ...s, url: 'http://127.0.0.1:9/fail/2' }), 'applied');
    expect(history.urls()).toEqual(new Set([url, 'http://127.0.0.1:9/fail/2']));
  });
});

it('sees a thread no answer named, a session completed without its money and a verification moved unannounced', async () => {
  const store = await openFreshStore(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  try {
    await run({ seed: 16_000, sequences: 1, steps: 1, store, shrink: false });
    const { db } = store;
    const [workspace] = await db.query<{ id: string }>('select id from workspaces limit 1');
    const workspaceId = String(workspace?.id);
    await db.query(
      `insert into conversations (id, workspace_id, end_user_email, subject, status, opened_by, created_at_ms,
         updated_at_ms) values ('00000000-0000-4000-8000-0000000000c1', $1, 'x@example.com', 's', 'OPEN', 'partner', 0, 0)`,
      [workspaceId],
    );
    await db.query(
      `insert into openbanking_sessions (id, workspace_id, entity_type, entity_id, token_hash, language, currency,
         recipient, reference, status, created_at_ms, updated_at_ms, expires_at_ms)
       values ('00000000-0000-4000-8000-0000000000b1', $1, 'deposit', 'DEPNEVERPAID', 'h', 'en', 'EUR', 'r', 'ref',
         'COMPLETED', 0, 0, 1)`,
      [workspaceId],
    );
    await db.query(
      `insert into accounts (id, workspace_id, kind, email, verification_status, created_at_ms)
       values ('sim-probe-account', $1, 'customer', 'quiet@example.com', 'APPROVED', 0)`,
      [workspaceId],
    );
    const model = new Model();
    partnerOf(model).formTargets.add('DEPNEVERPAID');
    partnerOf(model).keys.set('k', { key: 'k', write: 'conversation', ids: new Set(), unresolved: false });
    const problems = await new PartnerInvariants(db, workspaceId, model).afterStep();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^one resource per idempotency key: 1 conversation\(s\) no answer announced/),
        expect.stringMatching(/^money moves with the session: .* DEPNEVERPAID is COMPLETED without its inbound entry/),
        expect.stringMatching(
          /^one event per change: open banking session .* is COMPLETED, its last event says CREATED/,
        ),
        expect.stringMatching(
          /^one event per change: verification of quiet@example.com is APPROVED, its last event says/,
        ),
      ]),
    );
  } finally {
    await store.close();
  }
}, 120_000);
