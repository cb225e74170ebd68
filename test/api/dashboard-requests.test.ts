import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { momentOf } from '../../src/dashboard/requests-page.js';
import { aPartner, type Partner } from '../support/builders.js';
import { getDashboardPage, signedInPerson } from '../support/dashboard.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import type { CookieJar } from '../support/operators.js';

// Goal: a partner engineer finds a failed request by its id in the dashboard without asking the brokerage (issue 30,
// "Request log"): the requests page searches the workspace's log by request id, path, status (exact or a class) and
// time, newest first in pages; a request's page shows its bodies with sensitive fields masked; another workspace's
// requests are never shown; a search the form cannot read is a 400 page. Method: partner requests through inject,
// the log's writer flushed, the dashboard's pages read as a signed-in viewer.

let t: TestApp;
const clock = new TestClock();
let p: Partner;
let other: Partner;
let viewer: CookieJar;

const call = (method: 'GET' | 'POST', url: string, requestId: string, payload?: object, partner = p) =>
  t.app.inject({
    method,
    url,
    headers: { ...partner.headers, 'x-request-id': requestId, 'idempotency-key': `key-${requestId}` },
    ...(payload === undefined ? {} : { payload }),
  });

beforeAll(async () => {
  t = await buildTestApp({ clock });
  p = await aPartner(t.app);
  other = await aPartner(t.app);
  ({ jar: viewer } = await signedInPerson(t.app, clock, p.credentials.workspaceId, 'viewer'));
});
afterAll(async () => {
  await t.app.close();
});

const page = async (url: string, status = 200) => {
  await t.ctx.requestLog.flush();
  const answer = await getDashboardPage(t.app, viewer, url);
  expect(answer.statusCode, answer.body.slice(0, 2000)).toBe(status);
  return answer.body;
};

describe('the requests page', () => {
  it('finds a failed request by its id, and shows its bodies with the account number masked', async () => {
    const requestId = `req-${randomUUID()}`;
    const iban = 'DE89370400440532013000';
    const refused = await call('POST', '/v1/banking-accounts', requestId, {
      customerEmail: 'not an email',
      currency: 'EUR',
      rail: 'SEPA',
      details: { iban },
    });
    expect(refused.statusCode).toBe(400);
    const list = await page(`/dashboard/requests?requestId=${requestId}`);
    expect(list).toContain('POST /v1/banking-accounts');
    expect(list).toContain('ValidationError');
    expect(list).toContain(`key-${requestId}`);
    const link = /href="(\/dashboard\/requests\/\d+-\d+)"/.exec(list)?.[1];
    expect(link).toBeDefined();
    const detail = await page(link as string);
    expect(detail).toContain('Request body');
    expect(detail).toContain('3000');
    expect(detail).not.toContain(iban);
    expect(detail).toContain('ValidationError');
  });

  it('searches by path, status and status class, newest first; never another workspace’s', async () => {
    const mine = `mine-${randomUUID()}`;
    const theirs = `theirs-${randomUUID()}`;
    await call('GET', '/v1/orders/ORDER-THAT-IS-NOT', mine);
    await call('GET', '/v1/balances', `${mine}-ok`);
    await call('GET', '/v1/orders/ORDER-THAT-IS-NOT', theirs, undefined, other);
    const notFound = await page('/dashboard/requests?status=404&path=/v1/orders/');
    expect(notFound).toContain(mine);
    expect(notFound).not.toContain(theirs);
    expect(notFound).not.toContain(`${mine}-ok`);
    expect(await page('/dashboard/requests?status=4xx')).toContain(mine);
    expect(await page('/dashboard/requests?status=2xx&path=/v1/balances')).toContain(`${mine}-ok`);
    const all = await page('/dashboard/requests');
    expect(all.indexOf(`${mine}-ok`)).toBeLessThan(all.indexOf(`>${mine}<`));
    // Another workspace's entry is not found by its id either.
    expect(await page(`/dashboard/requests?requestId=${theirs}`)).toContain('No request matches.');
  });

  it('pages older requests with a link, and searches by time (UTC)', async () => {
    const prefix = `/v1/orders/PAGED-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 55; i += 1) await call('GET', `${prefix}-${i}`, `paged-${i}-${randomUUID()}`);
    const first = await page(`/dashboard/requests?path=${encodeURIComponent(prefix)}`);
    expect(first.split('data-label="When"').length - 1).toBe(50);
    const older = /href="([^"]+before=[^"]+)">Older requests/.exec(first)?.[1]?.replace(/&amp;/g, '&');
    expect(older).toBeDefined();
    const second = await page(older as string);
    expect(second.split('data-label="When"').length - 1).toBe(5);
    expect(second).toContain('Newest requests');
    const today = new Date(clock.nowMs()).toISOString().slice(0, 10);
    expect(await page(`/dashboard/requests?path=${encodeURIComponent(prefix)}&from=${today}&to=${today}`)).toContain(
      `${prefix}-54`,
    );
    expect(await page(`/dashboard/requests?path=${encodeURIComponent(prefix)}&to=2020-01-01`)).toContain(
      'No request matches.',
    );
  });

  it('says why it cannot read a search (400), and 404 for a request that is not the workspace’s', async () => {
    for (const query of ['status=200x', 'status=600', 'path=v1', 'from=2026-02-30', 'from=yesterday', 'before=nope']) {
      expect(await page(`/dashboard/requests?${query}`, 400)).toContain('role="alert"');
    }
    expect(await page('/dashboard/requests?from=2026-11-02&to=2026-11-01', 400)).toContain('From is before To.');
    await page('/dashboard/requests/99999999999', 404);
    await page('/dashboard/requests/99999999999-0', 404);
    await page('/dashboard/requests/not-a-number', 404);
  });
});

describe('momentOf', () => {
  const table: readonly [string, boolean, number | undefined][] = [
    ['2026-11-28', false, Date.UTC(2026, 10, 28)],
    ['2026-11-28', true, Date.UTC(2026, 10, 29)],
    ['2026-11-28 17:05', false, Date.UTC(2026, 10, 28, 17, 5)],
    ['2026-11-28T17:05', true, Date.UTC(2026, 10, 28, 17, 6)],
    ['2026-02-30', false, undefined],
    ['28/11/2026', false, undefined],
    ['', false, undefined],
  ];
  for (const [text, end, expected] of table) {
    it(`${JSON.stringify(text)}${end ? ' as an end' : ''}`, () => expect(momentOf(text, end)).toBe(expected));
  }
});
