// The public API of a real server process, as an operator and a partner reach it over HTTP: workspaces, tokens,
// KYC, deposits and orders. Each helper checks the answer its setup step needs and nothing more.

import { expect } from 'vitest';
import { beneficiary, destinations, payer, payerFields } from './orders.js';
import type { Server } from './server-process.js';

export interface Workspace {
  workspaceId: string;
  clientId: string;
  username: string;
  password: string;
}

export interface Partner {
  readonly workspace: Workspace;
  readonly token: string;
}

export interface Answer {
  readonly status: number;
  /** The body as sent, for byte-for-byte comparisons and for the messages. */
  readonly text: string;
  /** The body parsed, when it is JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions that read them
  readonly body: any;
}

export const adminHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
});

/** The operator token a server was started with (ADMIN_TOKEN). */
function operatorToken(server: Server): string {
  if (server.adminToken === undefined) throw new Error(`${server.name} has no ADMIN_TOKEN: pass the token`);
  return server.adminToken;
}

/** One request to one process, with a bearer token, a JSON body and an idempotency key when given. */
export async function call(
  server: Server,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  key?: string,
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, text, body: parsed };
}

/** POST /admin/v1/workspaces with the server's operator token, or the one given; expects 201. */
export async function createWorkspace(
  server: Server,
  body: Record<string, unknown>,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<{ response: Response; workspace: Workspace }> {
  const response = await fetch(`${server.url}/admin/v1/workspaces`, {
    method: 'POST',
    headers: { ...adminHeaders(options.token ?? operatorToken(server)), ...options.headers },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { response, workspace: (await response.json()) as Workspace };
}

/** POST /oauth/token with the workspace's password grant, the answer as it comes. */
export function tokenRequest(server: Server, workspace: Workspace): Promise<Response> {
  return fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: workspace.clientId,
      username: workspace.username,
      password: workspace.password,
    }).toString(),
  });
}

export async function partnerToken(server: Server, workspace: Workspace): Promise<string> {
  const response = await tokenRequest(server, workspace);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A workspace created through one process (a sandbox one unless told), its token issued by another or the same. */
export async function aPartner(
  server: Server,
  name: string,
  options: { simulation?: boolean; tokenServer?: Server } = {},
): Promise<Partner> {
  const { simulation = true, tokenServer = server } = options;
  const { workspace } = await createWorkspace(server, simulation ? { name, simulation } : { name });
  return { workspace, token: await partnerToken(tokenServer, workspace) };
}

/** The stage simulation approves the customer's verification (the usual payer's by default). */
export async function approvePayer(server: Server, partner: Partner, userEmail: string = payer.userEmail) {
  const kyc = await call(server, partner.token, 'POST', '/v1/simulate/kyc', { userEmail, status: 'APPROVED' });
  expect(kyc.status, kyc.text).toBe(200);
}

export async function expectLedgerConsistent(server: Server) {
  const report = await call(server, operatorToken(server), 'GET', '/admin/v1/ledger/verification');
  expect(report.status, report.text).toBe(200);
  expect(report.body).toMatchObject({ consistent: true, problems: [] });
}

/** A EUR deposit of the usual payer and its simulated inbound transfer, possibly through two processes. */
export async function depositAndSimulate(server: Server, p: Partner, amount: number, simulateOn = server) {
  const deposit = await call(server, p.token, 'POST', '/v1/deposits', { userData: payer, currency: 'EUR', amount });
  expect(deposit.status, deposit.text).toBe(201);
  const depositId = deposit.body.depositId as string;
  const simulated = await call(simulateOn, p.token, 'POST', '/v1/simulate/incoming-transfer/deposit', {
    depositId,
    amount,
    ...payerFields.EUR,
  });
  expect(simulated.status, simulated.text).toBe(200);
  return depositId;
}

export interface PlacedOrder {
  readonly orderId: string;
  readonly originAmount: number;
  readonly fee: number;
  /** What was sent to POST /v1/orders, its idempotency key and the answer, for a retry to compare with. */
  readonly body: object;
  readonly key: string | undefined;
  readonly created: Answer;
}

export interface OrderOptions {
  readonly externalReference: string;
  readonly originAmount?: number;
  readonly key?: string;
  /** The process that takes the order, when not the one that gave the quote. */
  readonly orderServer?: Server;
  readonly userData?: object;
  readonly destinationUserData?: object;
}

/** A EUR→BRL quote and an order on it, paying out over PIX: Pending, waiting for its inbound transfer. */
export async function placeOrder(server: Server, p: Partner, options: OrderOptions): Promise<PlacedOrder> {
  const quote = await call(server, p.token, 'POST', '/v1/quotes', {
    originCurrency: 'EUR',
    destinationCurrency: 'BRL',
    originAmount: options.originAmount ?? 100,
  });
  expect(quote.status, quote.text).toBe(201);
  const { quoteId, originAmount, fee } = quote.body as { quoteId: string; originAmount: number; fee: number };
  const body = {
    quoteId,
    userData: options.userData ?? payer,
    destinationUserData: options.destinationUserData ?? beneficiary,
    destinationTransferData: destinations.PIX_BR,
    externalReference: options.externalReference,
  };
  const created = await call(options.orderServer ?? server, p.token, 'POST', '/v1/orders', body, options.key);
  expect(created.status, created.text).toBe(201);
  expect(created.body.status).toBe('Pending');
  return { orderId: created.body.orderId as string, originAmount, fee, body, key: options.key, created };
}

/** The stage simulation pays the order's origin amount in, from the usual payer's EUR account. */
export async function simulateOrderPayment(server: Server, p: Partner, order: PlacedOrder) {
  const simulated = await call(server, p.token, 'POST', '/v1/simulate/incoming-transfer/order', {
    orderId: order.orderId,
    amount: order.originAmount,
    ...payerFields.EUR,
  });
  expect(simulated.status, simulated.text).toBe(200);
}

/** PATCH /admin/v1/workspaces/{id} with the server's operator token; expects 200. */
export async function configureWorkspace(server: Server, workspaceId: string, settings: Record<string, unknown>) {
  const response = await fetch(`${server.url}/admin/v1/workspaces/${workspaceId}`, {
    method: 'PATCH',
    headers: adminHeaders(operatorToken(server)),
    body: JSON.stringify(settings),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/**
 * Sends `count` writes at once, spread over `servers`, inside one window of the write limit (a burst that would
 * straddle the minute's end waits for the next minute). Bodies are empty: the limit counts before validation.
 */
export async function writeBurst(servers: readonly Server[], token: string, count: number) {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 100));
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      call(servers[i % servers.length] as Server, token, 'POST', '/v1/withdrawals', {}),
    ),
  );
}
