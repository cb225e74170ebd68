import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../support/harness.js';
import { audiences, checkedInFiles, servedDocument } from '../support/openapi-documents.js';

// The published documents are checked in so that partners and operators can read the contracts without running the
// server: openapi/openapi.json (the partner API, /openapi.json) and openapi/operator-api.json (the operator API,
// /admin/openapi.json). They are generated from the route schemas; this test fails when either is stale.
// Regenerate: UPDATE_OPENAPI=1 npx vitest run test/api/openapi-file.test.ts (then `npm run generate -w sdk`).

describe('the checked-in OpenAPI documents', () => {
  it.each(audiences)('the %s document matches the one the server publishes', async (audience) => {
    const { app } = await buildTestApp({ env: { PUBLIC_BASE_URL: 'http://127.0.0.1:3000' } });
    const generated = `${JSON.stringify(await servedDocument(app, audience), null, 2)}\n`;
    const file = new URL(`../../${checkedInFiles[audience]}`, import.meta.url);
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(file, generated);
    expect(readFileSync(file, 'utf8'), `${checkedInFiles[audience]} is stale: run UPDATE_OPENAPI=1 npm test`).toBe(
      generated,
    );
  });
});
