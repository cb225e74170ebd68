// Setting up through the public API, as an operator and a partner would: workspaces with the write limit raised and
// the read throttle lifted (PATCH /admin/v1/workspaces/{id}), partner tokens, an approved payer, a funded balance.
// Every step checks its answer, so a bench never measures a server that refused its setup.

import { setTimeout as sleep } from 'node:timers/promises';
import { depositBody, eurPayerFields, payer, pixOrderBody, quoteBody } from './bodies.mjs';

export class Api {
  constructor(url, adminToken) {
    this.url = url;
    this.adminToken = adminToken;
  }

  async call(token, method, path, body, { expect = [200, 201], key } = {}) {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!expect.includes(response.status)) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text === '' ? undefined : JSON.parse(text);
  }

  /** A sandbox workspace measured without its limiter: the highest write limit and no read throttle. */
  async benchWorkspace(name) {
    const workspace = await this.call(this.adminToken, 'POST', '/admin/v1/workspaces', { name, simulation: true });
    await this.call(this.adminToken, 'PATCH', `/admin/v1/workspaces/${workspace.workspaceId}`, {
      writeLimitPerMinute: 1_000_000,
      readThrottleLifted: true,
    });
    return { ...workspace, api: this, token: await this.token(workspace) };
  }

  /** A fresh 300-second access token (the bench outlives one, so each run takes a new one). */
  async token(workspace) {
    const response = await fetch(`${this.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: workspace.clientId,
        username: workspace.username,
        password: workspace.password,
      }).toString(),
    });
    if (response.status !== 200) throw new Error(`POST /oauth/token: ${response.status} ${await response.text()}`);
    return (await response.json()).access_token;
  }

  approvePayer(p) {
    return this.call(p.token, 'POST', '/v1/simulate/kyc', { userEmail: payer.userEmail, status: 'APPROVED' });
  }

  async balance(p) {
    const { balances } = await this.call(p.token, 'GET', '/v1/balances?currency=EUR');
    return balances[0] ?? { currency: 'EUR', available: 0, pending: 0, total: 0 };
  }

  /** A deposit of `amount` EUR, its simulated inbound transfer, and a wait until the balance shows it. */
  async fund(p, amount) {
    const before = (await this.balance(p)).available;
    const { depositId } = await this.call(p.token, 'POST', '/v1/deposits', depositBody(amount));
    await this.call(p.token, 'POST', '/v1/simulate/incoming-transfer/deposit', {
      depositId,
      amount,
      ...eurPayerFields,
    });
    const deadline = Date.now() + 60_000;
    while ((await this.balance(p)).available < before + amount) {
      if (Date.now() > deadline) throw new Error(`deposit ${depositId} of ${amount} EUR not settled after 60 s`);
      await sleep(100);
    }
  }

  /** A quote and an order on it: a real order row, the template the seeded orders are copied from. */
  async placeOrder(p) {
    const { quoteId } = await this.call(p.token, 'POST', '/v1/quotes', quoteBody);
    return this.call(p.token, 'POST', '/v1/orders', { ...pixOrderBody(quoteId), externalReference: 'bench-template' });
  }

  registerWebhook(p, url) {
    return this.call(p.token, 'POST', '/v1/webhooks', { name: 'bench receiver', url, secret: 'bench-webhook-secret' });
  }
}
