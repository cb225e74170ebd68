import { beforeAll, describe, expect, it } from 'vitest';
import { aWorkspace, type Credentials } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';

// Goal: the token endpoint takes the client's id in either place RFC 6749 allows (spec, Authentication: the form
// field client_id; RFC 6749 2.3.1: HTTP Basic client authentication, what Swagger UI's Authorize dialog sends by
// default), takes the dialog's `scope`, and refuses only a request whose two ids disagree or whose header is broken.

let t: TestApp;
let c: Credentials;
beforeAll(async () => {
  t = await buildTestApp();
  c = await aWorkspace(t.app);
});

const basic = (user: string, secret = '') => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

function token(fields: Record<string, string>, authorization?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('POST /oauth/token: where the client id comes from', () => {
  it('takes it from HTTP Basic with an empty secret, as the reference page sends it, with an empty scope', async () => {
    const response = await token(
      { grant_type: 'password', scope: '', username: c.username, password: c.password },
      basic(c.clientId),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().token_type).toBe('Bearer');
  });

  it('takes it from the form, with the Authorize dialog’s request-body fields (scope, client_secret)', async () => {
    const fields = { grant_type: 'password', scope: '', username: c.username, password: c.password };
    const response = await token({ ...fields, client_id: c.clientId, client_secret: '' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('takes both when they agree, and ignores an Authorization header of another scheme', async () => {
    const fields = { grant_type: 'password', client_id: c.clientId, username: c.username, password: c.password };
    expect((await token(fields, basic(c.clientId))).statusCode).toBe(200);
    expect((await token(fields, 'Bearer stale-token')).statusCode).toBe(200);
  });

  it('decodes a form-urlencoded id in Basic (RFC 6749 2.3.1)', async () => {
    const fields = { grant_type: 'password', username: c.username, password: c.password };
    expect((await token(fields, basic(encodeURIComponent(c.clientId)))).statusCode).toBe(200);
  });

  it.each([
    ['ids that disagree', { client_id: 'cl_other' }, () => basic(c.clientId), 'differ'],
    ['a Basic header that is not user:secret', {}, () => 'Basic bm90aGluZw==', 'HTTP Basic'],
    ['no id anywhere', {}, () => undefined, 'Parameter client_id is required'],
  ])('refuses %s as 400 invalid_request', async (_case, extra: Record<string, string>, header, words) => {
    const fields = { grant_type: 'password', username: c.username, password: c.password, ...extra };
    const response = await token(fields, header());
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
    expect(response.json().error_description).toContain(words);
  });

  it('answers an unknown client in Basic 401 invalid_client', async () => {
    const fields = { grant_type: 'password', username: c.username, password: c.password };
    const response = await token(fields, basic('cl_unknown'));
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('invalid_client');
  });
});
