import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amlApi, ivan, ofacFixture } from '../support/aml.js';
import { aPartner, aToken, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, TestClock, testDb } from '../support/harness.js';
import { simulate } from '../support/sandbox-helpers.js';

// Goal: the two points where the Idempotency-Key of POST /v1/aml-screenings differs from the money writes', now that
// it runs on the one engine (platform/idempotency.ts) with its own policy: a screening that fails leaves its key
// unused, so the retry with the same key screens; and, like every key, its 24 hours follow the workspace's test
// clock. Method: the HTTP API, and the key's row read from the database.

const clock = new TestClock();
let stage: TestApp;
let prod: TestApp;

beforeAll(async () => {
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  prod = await buildTestApp({ env: productionEnv, clock, providersFile: { screening: { maxListAgeDays: 7 } } });
});

afterAll(async () => {
  await stage.app.close();
  await prod.app.close();
});

const onStage = amlApi(() => stage.app);
const inProduction = amlApi(() => prod.app);

const keyRow = async (p: Partner, key: string) =>
  (
    await (
      await testDb()
    ).query<{ state: string; endpoint: string }>(
      'select state, endpoint from idempotency_keys where workspace_id = $1 and key = $2',
      [p.credentials.workspaceId, key],
    )
  )[0];

describe('a screening that fails leaves its key unused', () => {
  it('a 503 (no recent list) stores no key; the retry with the same key screens once the list is fresh', async () => {
    const importList = () =>
      inProduction.importOfac({ sdnCsv: ofacFixture('sdn.csv'), altCsv: ofacFixture('alt.csv') });
    expect((await importList()).statusCode).toBe(200);
    clock.advance(8 * 86_400_000);
    // Made on stage (the two apps share the database); the token from production, on its moved clock.
    const partner = await aPartner(stage.app);
    const fresh = { ...partner, headers: { authorization: `Bearer ${await aToken(prod.app, partner.credentials)}` } };
    const key = { 'idempotency-key': 'aml-after-503' };
    const body = { entityType: 'INDIVIDUAL', firstName: 'Ada', lastName: 'Lovelace' };

    const refused = await inProduction.screen(fresh, body, key);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({ error: 'ExternalServiceError' });
    expect(await keyRow(fresh, key['idempotency-key'])).toBeUndefined();

    expect((await importList()).statusCode).toBe(200);
    const retried = await inProduction.screen(fresh, body, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await keyRow(fresh, key['idempotency-key'])).toEqual({
      state: 'completed',
      endpoint: 'POST /v1/aml-screenings',
    });
    const replayed = await inProduction.screen(fresh, body, key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(retried.body);
  });
});

describe("a screening's key follows the workspace's test clock", () => {
  it('replays within 24 hours of the moved clock, and screens afresh after them', async () => {
    const p = await aPartner(stage.app);
    const key = { 'idempotency-key': 'aml-clock-key' };
    const first = await onStage.screen(p, ivan, key);
    expect(first.statusCode, first.body).toBe(201);
    expect((await simulate(stage.app, p, 'clock/advance', { seconds: 23 * 3600 })).statusCode).toBe(200);
    const replay = await onStage.screen(p, ivan, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect((await simulate(stage.app, p, 'clock/advance', { seconds: 3600 })).statusCode).toBe(200);
    const afresh = await onStage.screen(p, ivan, key);
    expect(afresh.statusCode, afresh.body).toBe(201);
    expect(afresh.headers['idempotent-replayed']).toBeUndefined();
    expect(afresh.json().value.screeningId).not.toBe(first.json().value.screeningId);
    // The new claim is dated on the moved clock: it replays, rather than being already past its window.
    expect((await onStage.screen(p, ivan, key)).body).toBe(afresh.body);
  });
});
