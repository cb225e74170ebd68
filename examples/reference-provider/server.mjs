// A reference implementation of the brokerage's provider service (docs/decisions/providers-and-production-evidence.md, "The provider protocol",
// openapi/provider-protocol.json): plain Node, no dependencies. It gives deposit instructions, takes payouts, and
// sends the signed callbacks a real provider sends when money arrives or a payout's outcome is known. The tests run
// it as a separate process; an integrator reads it as a worked example of the signature, idempotency and retries.
//
// Environment:
//   PROVIDER_SECRET  the shared secret (at least 32 characters), the providers file's providerService.secret
//   BROKERAGE_URL    the brokerage server's base URL; callbacks go to <BROKERAGE_URL>/provider/v1/...
//   PORT, HOST       where to listen (default 0, an unused port, on 127.0.0.1)
//   CONTROL          "1" enables the /control endpoints, which make it send callbacks on demand: for tests and
//                    demonstrations only, they are unauthenticated
//
// It prints one JSON line {"listening":"http://host:port"} on stdout once it accepts connections.

import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const secret = process.env.PROVIDER_SECRET ?? '';
const brokerageUrl = (process.env.BROKERAGE_URL ?? '').replace(/\/+$/, '');
const control = process.env.CONTROL === '1';
if (secret.length < 32) throw new Error('PROVIDER_SECRET must hold at least 32 characters');
if (brokerageUrl === '') throw new Error('BROKERAGE_URL is required');

const toleranceSeconds = 300;
const bodyLimitBytes = 1_000_000;

// --- the signature, both ways -------------------------------------------------------------------------------------

const sign = (timestamp, body) => `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

function signatureProblem(headers, body) {
  const timestamp = headers['provider-timestamp'];
  const signature = headers['provider-signature'];
  if (typeof timestamp !== 'string' || !/^[0-9]{1,12}$/.test(timestamp) || typeof signature !== 'string') {
    return 'missing Provider-Timestamp or Provider-Signature';
  }
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return 'stale Provider-Timestamp';
  const expected = Buffer.from(sign(timestamp, body));
  const ok = signature
    .split(',')
    .map((value) => Buffer.from(value.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
  return ok ? undefined : 'Provider-Signature does not match';
}

/** JSON with sorted keys: the same request sent again, re-serialised, is still the same request. */
const canonical = (value) =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

// --- what it remembers (a real provider keeps this in its database) ----------------------------------------------

const instructions = new Map(); // depositId -> { request, answer }
const payouts = new Map(); // payoutId -> { request, canonical }
const sent = []; // every callback sent: { url, headers, body, status, answer }
let failures = { remaining: 0, status: 503 };

// --- deposit instructions -----------------------------------------------------------------------------------------

/** Deterministic digits from an id, so the same deposit always gets the same details. */
const digitsOf = (id, length) => {
  let digits = '';
  for (let i = 0; digits.length < length; i += 1) {
    digits += createHmac('sha256', 'digits').update(`${id}/${i}`).digest('hex').replace(/[a-f]/g, '');
  }
  return digits.slice(0, length);
};

const holder = 'Reference Provider Client Money';
const bank = 'Reference Provider Bank';

function instructionsFor({ depositId, rail, amount }) {
  const shown = amount === undefined ? {} : { amount: Number(amount) };
  const referenceCode = `RP${depositId}`;
  if (rail === 'GBP_BANK_TRANSFER') {
    return {
      depositType: 'GBP_BANK_TRANSFER',
      accountHolder: holder,
      accountNumber: digitsOf(depositId, 8),
      sortCode: '40-47-84',
      bankName: bank,
      ...shown,
      referenceCode,
    };
  }
  if (rail === 'SPEI' || rail === 'CLABE') {
    return {
      depositType: 'SPEI',
      clabe: digitsOf(depositId, 18),
      beneficiaryName: holder,
      bankName: bank,
      ...shown,
      referenceCode,
    };
  }
  if (rail.startsWith('BANK_DEPOSIT_')) {
    return {
      depositType: 'BANK_TRANSFER',
      accountHolder: holder,
      accountNumber: digitsOf(depositId, 12),
      bankName: bank,
      ...shown,
      referenceCode,
    };
  }
  if (rail.startsWith('MOBILE_MONEY_')) {
    return {
      depositType: 'MOBILE_MONEY',
      phoneNumber: `+254${digitsOf(depositId, 9)}`,
      accountName: holder,
      ...shown,
      referenceCode,
    };
  }
  return undefined;
}

// --- HTTP ---------------------------------------------------------------------------------------------------------

function answer(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > bodyLimitBytes) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const parse = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The protocol's two endpoints: signed, idempotent by their Idempotency-Key. */
function protocol(path, request, text, response) {
  if (failures.remaining > 0) {
    failures.remaining -= 1;
    return answer(response, failures.status, { error: 'injected failure' });
  }
  const problem = signatureProblem(request.headers, text);
  if (problem) return answer(response, 401, { error: problem });
  const body = parse(text);
  const key = request.headers['idempotency-key'];
  if (path === '/deposit-instructions') {
    if (!body?.depositId || key !== body.depositId)
      return answer(response, 400, { error: 'Idempotency-Key must be the depositId' });
    const known = instructions.get(body.depositId);
    if (known) return answer(response, 200, known.answer);
    const instruction = instructionsFor(body);
    if (!instruction) return answer(response, 422, { error: `rail ${body.rail} is not served here` });
    instructions.set(body.depositId, { request: body, answer: instruction });
    return answer(response, 200, instruction);
  }
  if (!body?.payoutId || key !== body.payoutId)
    return answer(response, 400, { error: 'Idempotency-Key must be the payoutId' });
  const known = payouts.get(body.payoutId);
  if (known && known.canonical !== canonical(body))
    return answer(response, 409, { error: 'payoutId reused with another payout' });
  if (!known) payouts.set(body.payoutId, { request: body, canonical: canonical(body) });
  return answer(response, 202, { payoutId: body.payoutId, status: 'accepted' });
}

/** Sends a signed callback to the brokerage, retrying network errors and 5xx a few times; answers what came back. */
async function callback(path, payload) {
  const body = JSON.stringify({ callbackId: `rp-${randomUUID()}`, ...payload });
  const url = `${brokerageUrl}/provider/v1${path}`;
  let last = { status: 0, answer: 'unreachable' };
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'content-type': 'application/json',
      'provider-timestamp': timestamp,
      'provider-signature': sign(timestamp, body),
    };
    try {
      const reply = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
      last = { status: reply.status, answer: parse(await reply.text()) };
      sent.push({ url, headers, body, ...last });
      if (reply.status < 500) return last;
    } catch (error) {
      last = { status: 0, answer: String(error) };
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
  return last;
}

async function controlRoute(path, text, response) {
  const body = parse(text) ?? {};
  if (path === '/control/settle') {
    const { payoutId, outcome, reason } = body;
    return answer(
      response,
      200,
      await callback('/payout-outcomes', { payoutId, outcome, ...(reason ? { reason } : {}) }),
    );
  }
  if (path === '/control/credit') return answer(response, 200, await callback('/inbound-credits', body));
  if (path === '/control/fail') {
    failures = { remaining: Number(body.times ?? 1), status: Number(body.status ?? 503) };
    return answer(response, 200, failures);
  }
  if (path === '/control/payouts')
    return answer(
      response,
      200,
      [...payouts.values()].map((p) => p.request),
    );
  if (path === '/control/sent') return answer(response, 200, sent);
  return answer(response, 404, { error: `no control ${path}` });
}

const server = createServer(async (request, response) => {
  try {
    const path = new URL(request.url ?? '/', 'http://provider').pathname;
    const text = await readBody(request);
    if (request.method === 'POST' && (path === '/deposit-instructions' || path === '/payouts')) {
      return protocol(path, request, text, response);
    }
    if (control && path.startsWith('/control/')) return await controlRoute(path, text, response);
    return answer(response, 404, { error: `no route ${request.method} ${path}` });
  } catch (error) {
    return answer(response, 500, { error: String(error) });
  }
});

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address();
  process.stdout.write(`${JSON.stringify({ listening: `http://${address}:${port}` })}\n`);
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
