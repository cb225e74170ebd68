// Screening in production (issue #18, part 8): the imported sanctions lists are screened against, never the sandbox
// list, and once the newest import is older than maxListAgeDays a screening answers 503 rather than clear anyone.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, aToken, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, TestClock, testDb } from '../support/harness.js';

const fixtures = new URL('../fixtures/ofac/', import.meta.url);
const clock = new TestClock();
let prod: TestApp;
let stage: TestApp;
let partner: Partner;

beforeAll(async () => {
  prod = await buildTestApp({
    env: productionEnv,
    clock,
    providersFile: { screening: { maxListAgeDays: 7 } },
  });
  stage = await buildTestApp();
  partner = await aPartner(stage.app);
  const imported = await prod.app.inject({
    method: 'POST',
    url: '/admin/v1/sanctions-lists/ofac-sdn',
    headers: adminHeaders,
    payload: {
      sdnCsv: readFileSync(new URL('sdn.csv', fixtures), 'utf8'),
      altCsv: readFileSync(new URL('alt.csv', fixtures), 'utf8'),
    },
  });
  expect(imported.statusCode, imported.body).toBe(200);
});

afterAll(async () => {
  await prod.app.close();
  await stage.app.close();
});

const screen = (payload: object) =>
  prod.app.inject({ method: 'POST', url: '/v1/aml-screenings', headers: partner.headers, payload });

describe('screening in production', () => {
  it('screens against the imported list only: the sandbox names are nobody there', async () => {
    const sandboxName = await screen({ entityType: 'INDIVIDUAL', firstName: 'Ivan', lastName: 'Testsanctioned' });
    expect(sandboxName.statusCode, sandboxName.body).toBe(201);
    expect(sandboxName.json().value).toMatchObject({ status: 'CLEAR' });
    expect(JSON.stringify(sandboxName.json())).not.toMatch(/SANDBOX/);
  });

  it('answers 503 once the list is older than the configured age, and stores nothing', async () => {
    clock.advance(8 * 86_400_000);
    const token = await aToken(prod.app, partner.credentials);
    partner = { ...partner, token, headers: { authorization: `Bearer ${token}` } };
    const stored = async () =>
      (
        await (
          await testDb()
        ).query('select 1 from aml_screenings where workspace_id = $1', [partner.credentials.workspaceId])
      ).length;
    const before = await stored();
    const stale = await screen({ entityType: 'INDIVIDUAL', firstName: 'Ada', lastName: 'Lovelace' });
    expect(await stored()).toBe(before);
    expect(stale.statusCode, stale.body).toBe(503);
    expect(stale.json()).toMatchObject({
      error: 'ExternalServiceError',
      message: expect.stringMatching(/imported 8 days ago/),
    });
  });
});
