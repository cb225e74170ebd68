// Goal: with two processes on one PostgreSQL database, an endpoint with retryPolicy 'exponential' whose receiver
// answers 503 for a while gets every event exactly once with a 2xx after it recovers, each retry sent by one
// process; an endpoint with the default policy gets no attempt after the first failure. Method: the receiver answers
// 503 with Retry-After: 1 (so that retries come within seconds of real time) while deposits settle through both
// processes, then recovers; every arrival is verified with both signature schemes, the Standard Webhooks one through
// its reference library; then the events API, paged from end to end, lists every event either receiver saw (what
// /off missed included). PGlite allows one process per data directory: this runs only with DATABASE_URL.

import { describe, expect, it } from 'vitest';
import { aPartner, approvePayer, call, depositAndSimulate } from '../support/e2e-api.js';
import { deliveryLog, registerEndpoint, tally, webhookProcesses } from '../support/e2e-webhooks.js';
import { aReceiver } from '../support/receiver.js';
import { databaseUrl, sleep, stop, waitFor } from '../support/server-process.js';
import { verifiesBoth } from '../support/standard-webhooks.js';

describe.skipIf(databaseUrl === undefined)('retries across two processes', () => {
  const processes = webhookProcesses();

  it('a receiver down then up: every event once with retries on, nothing more with retries off', async () => {
    const receiver = processes.closeAfterAll(await aReceiver());
    const [a, b] = await Promise.all([
      processes.startHealthy(processes.freshDir()),
      processes.startHealthy(processes.freshDir()),
    ]);
    const p = await aPartner(a, 'e2e webhook retries', { tokenServer: b });
    const register = (path: string, secret: string, retryPolicy: 'none' | 'exponential') =>
      registerEndpoint(a, p, `${receiver.url}${path}`, secret, { name: path, retryPolicy });
    const on = await register('/on', 'e2e-retries-on-secret', 'exponential');
    const off = await register('/off', 'e2e-retries-off-secret', 'none');

    receiver.setDown(true, { status: 503, retryAfter: '1' });
    await approvePayer(a, p);
    const depositIds = await Promise.all(
      Array.from({ length: 6 }, (_, i) => depositAndSimulate(i % 2 ? a : b, p, 20 + i, i % 2 ? b : a)),
    );
    const at = (path: string) => receiver.received.filter((r) => r.path === path);
    const completedAt = (path: string) =>
      new Set(at(path).flatMap((r) => (r.body.type === 'deposit_completed' ? [r.body.id] : [])));
    await waitFor(
      'every deposit_completed refused at least twice at /on',
      () =>
        depositIds.every(
          (id) => at('/on').filter((r) => r.body.id === id && r.body.type === 'deposit_completed').length >= 2,
        ),
      30_000,
      100,
    );
    expect(depositIds.every((id) => completedAt('/off').has(id))).toBe(true);
    const offBefore = at('/off').length;

    receiver.setDown(false);
    const delivered = () => at('/on').filter((r) => r.status === 204 || r.status === 200);
    await waitFor(
      'every event delivered to /on',
      async () => {
        const log = await deliveryLog(a, p, on);
        return log.length > 0 && log.every((d) => d.state === 'delivered' || d.state === 'failed');
      },
      30_000,
      200,
    );
    await sleep(2_500);

    const keys = delivered().map((r) => String(r.headers['webhook-id']));
    expect(
      [...tally(keys).values()].every((n) => n === 1),
      'each event once with a 2xx',
    ).toBe(true);
    const everyEvent = new Set(at('/on').map((r) => String(r.headers['webhook-id'])));
    expect(new Set(keys)).toEqual(everyEvent);
    for (const id of depositIds) expect(completedAt('/on').has(id)).toBe(true);
    for (const arrival of at('/on')) expect(verifiesBoth(arrival, 'e2e-retries-on-secret')).toBe(true);
    for (const arrival of at('/off')) expect(verifiesBoth(arrival, 'e2e-retries-off-secret')).toBe(true);
    expect(at('/off').length, 'no attempt after the first failure').toBe(offBefore);
    expect(at('/off').every((r) => r.status === 503)).toBe(true);

    const onLog = (await deliveryLog(a, p, on)) as unknown as { eventId: string; attempt: number; state: string }[];
    expect(onLog.length).toBe(at('/on').length);
    const offLog = (await deliveryLog(a, p, off)) as unknown as { attempt: number }[];
    expect(offLog.every((d) => d.attempt === 1)).toBe(true);

    // What /off missed is in the events API: paged from end to end (through the other process), every event that
    // reached either endpoint is listed once, with the same eventId and the same envelope bytes.
    const listed: { eventId: string; id: string; type: string }[] = [];
    for (let cursor: string | undefined, more = true; more; ) {
      const page = await call(b, p.token, 'GET', `/v1/events?limit=7${cursor ? `&startingAfter=${cursor}` : ''}`);
      expect(page.status, page.text).toBe(200);
      const events = page.body.value as { eventId: string; id: string; type: string }[];
      listed.push(...events);
      more = page.body.hasMore === true;
      cursor = events.at(-1)?.eventId;
    }
    expect(new Set(listed.map((e) => e.eventId)).size).toBe(listed.length);
    const byId = new Map(listed.map((e) => [e.eventId, e]));
    for (const arrival of [...at('/on'), ...at('/off')]) {
      expect(byId.get(arrival.body.eventId), `${arrival.body.type} ${arrival.body.id} in the events API`).toMatchObject(
        {
          id: arrival.body.id,
          type: arrival.body.type,
        },
      );
    }
    await Promise.all([stop(a), stop(b)]);
  }, 120_000);
});
