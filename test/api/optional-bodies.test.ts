import { beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { servedPaths } from '../support/openapi-documents.js';

// Goal: an operation whose body is all optional fields (config.bodyOptional) takes no body, an empty body with a
// JSON content type, or `{}` alike, and the document says its body is not required, so the SDK and generated
// clients may leave it out. Method: the events API's resend and the open banking web form, each three ways.

let t: TestApp;
let partner: Partner;
beforeAll(async () => {
  t = await buildTestApp();
  partner = await aPartner(t.app);
});

const ways = [
  ['no body', {}],
  ['an empty JSON body', { headers: { 'content-type': 'application/json' }, payload: '' }],
  ['{}', { payload: {} }],
] as const;

describe('optional bodies', () => {
  it.each(ways)('POST /v1/events/{eventId}/resend with %s reaches the rule, not a body refusal', async (_, way) => {
    const headers = { ...partner.headers, ...('headers' in way ? way.headers : {}) };
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v1/events/evt_unknown/resend',
      ...way,
      headers,
    });
    expect(answer.statusCode, answer.body).toBe(404);
  });

  it.each(ways)('POST /v1/openbanking/{id}/web-form with %s reaches the rule, not a body refusal', async (_, way) => {
    const headers = { ...partner.headers, ...('headers' in way ? way.headers : {}) };
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v1/openbanking/PREUNKNOWN00000/web-form',
      ...way,
      headers,
    });
    expect(answer.statusCode, answer.body).toBe(404);
  });

  it('the document marks those bodies not required, and every other body required', async () => {
    // Both documents: the partner API's and the operator API's.
    const paths = await servedPaths<Record<string, { operationId: string; requestBody?: { required: boolean } }>>(
      t.app,
    );
    const optional = Object.values(paths)
      .flatMap((methods) => Object.values(methods))
      .filter((operation) => operation.requestBody?.required === false)
      .map((operation) => operation.operationId);
    expect(optional.sort()).toEqual(['admin.workspaces.rotateCredentials', 'events.resend', 'openbanking.webForm']);
  });
});
