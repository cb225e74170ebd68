import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../support/harness.js';

// openapi/openapi.json is checked in so that partners can read the contract without running the server. It is
// generated from the route schemas; this test fails when it is stale. Regenerate: UPDATE_OPENAPI=1 npm test
const file = new URL('../../openapi/openapi.json', import.meta.url);

describe('openapi/openapi.json', () => {
  it('matches the document the server generates', async () => {
    const { app } = await buildTestApp({ env: { PUBLIC_BASE_URL: 'http://127.0.0.1:3000' } });
    const generated = `${JSON.stringify((await app.inject({ method: 'GET', url: '/openapi.json' })).json(), null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(file, generated);
    expect(readFileSync(file, 'utf8'), 'openapi/openapi.json is stale: run UPDATE_OPENAPI=1 npm test').toBe(generated);
  });
});
