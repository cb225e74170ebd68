import { describe, expect, it } from 'vitest';
import { EndpointHistory, type Signing } from '../../simulation/partner-model.js';
import type { Post } from '../../simulation/receivers.js';
import { signedAs } from '../../simulation/webhook-checks.js';
import { signedHeaders } from '../../src/events/signature.js';

// The partner side of the simulator's webhook checks: a post verifies against the endpoint's secrets as they were
// (the rotated one during its grace), and the partner's history of an endpoint keeps every state a lost answer
// leaves possible.

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
