import { type Actors, json, label, nth, type Operation, ok } from './actors.js';
import { customers, eurCounterparty, payer } from './fixtures.js';
import { bankFileOperations } from './operations-bank-files.js';
import type { SentCallback } from './production-model.js';
import { arrivingMinor, decimal, productionOf, sendCallback } from './production-requests.js';
import type { Step } from './steps.js';

// Production mode's operations (production-steps.ts): deposits collected by the bank account or by the provider
// service, withdrawals paid out through the provider service, the provider's signed callbacks (credits and payout
// outcomes, sent once, twice, late, for unknown or settled references, forged), and the sandbox's routes, which
// production must refuse without moving anything. The bank's files are operations-bank-files.ts'.

/** Deposit amounts; undefined: an open amount, credited by whatever arrives (75 stands in for it). */
const depositAmounts = [10, 42, 250.5, 1_000, undefined];
/** GBP withdrawals; the provider refuses .91 at once (production-setting.ts). */
const gbpWithdrawalAmounts = [10, 25.5, 10.91, 60];
const openAmountStandIn = 75;

export const gbpDestination = {
  type: 'GBP_BANK_TRANSFER',
  destinationName: 'Oliver Smith-Jones',
  sortCode: '20-00-00',
  accountNumber: '55779911',
  country: 'GB',
  city: 'Stoke-on-Trent',
  postalCode: 'ST1 1AA',
  address: '10 Downing Street',
};

const isCurrency = (currency: string) => (k: { detail: Readonly<Record<string, unknown>> }) =>
  k.detail.currency === currency;

/** The answer a callback sent again must get: the first one's result, marked replayed. */
function checkReplay(a: Actors, original: SentCallback, status: number, body: Record<string, unknown>): void {
  if (original.answered?.status !== 200 || status >= 500 || status === 0) return;
  if (status !== 200 || body.replayed !== true || body.result !== original.answered.result) {
    a.model.problems.push(
      `evidence applied once: callback ${String(original.body.callbackId)} sent again answered ${status} ` +
        `${JSON.stringify(body)} after ${original.answered.status} ${String(original.answered.result)}`,
    );
  }
}

/** Sends a callback; with the step's duplicate bit, the provider sends it again at once (it never saw the answer). */
async function callback(
  a: Actors,
  step: Step,
  path: SentCallback['path'],
  body: Record<string, unknown>,
  twice: boolean,
): Promise<string> {
  const answer = await sendCallback(a, step, path, body);
  const sent = productionOf(a).callbacks.at(-1) as SentCallback;
  if (twice) {
    const again = await sendCallback(a, undefined, path, body, undefined, false);
    checkReplay(a, sent, again.status, again.body);
  }
  return label(answer);
}

/** A refusal production must answer: the status expected, unless a fault took the answer. */
function expectRefused(a: Actors, what: string, status: number, expected: readonly number[]): void {
  if (status === 0 || status >= 500 || expected.includes(status)) return;
  a.model.problems.push(`evidence required: ${what} was answered ${status}, expected ${expected.join(' or ')}`);
}

export const productionOperations = {
  async productionDeposit(a, step, index) {
    const currency = step.variant % 3 === 0 ? 'GBP' : 'EUR';
    // Only EUR (the bank account) collects an open amount.
    const amount = nth(depositAmounts, step.variant >>> 2) ?? (currency === 'GBP' ? 42 : undefined);
    const answer = await a.client.keyed(step, index, 'deposit', `POST /v1/deposits ${currency}`, {
      method: 'POST',
      url: '/v1/deposits',
      payload: { userData: payer, currency, ...(amount === undefined ? {} : { amount }) },
    });
    if (ok(answer)) {
      const reference = (answer.body.depositInfo as { referenceCode?: string } | undefined)?.referenceCode;
      a.model.acknowledge('deposit', String(answer.body.depositId), {
        amount: amount ?? openAmountStandIn,
        currency,
        reference,
      });
    }
    return label(answer);
  },

  async providerWithdrawal(a, step, index) {
    const amount = nth(gbpWithdrawalAmounts, step.variant);
    const answer = await a.client.keyed(step, index, 'withdrawal', 'POST /v1/withdrawals GBP', {
      method: 'POST',
      url: '/v1/withdrawals',
      payload: { currency: 'GBP', amount, destinationTransferData: gbpDestination },
    });
    if (ok(answer)) a.model.acknowledge('withdrawal', String(answer.body.withdrawalId), { amount, currency: 'GBP' });
    return label(answer);
  },

  async providerCredit(a, step) {
    const production = productionOf(a);
    const callbackId = production.nextId('C');
    const twice = (step.variant >>> 6) % 4 === 0;
    const kind = step.variant % 8;
    if (kind === 5) {
      // A deposit the bank account collects: not the provider's to credit (it could count the money twice).
      const deposit = a.model.pick('deposit', step.pick, isCurrency('EUR'));
      if (deposit === undefined) return 'no EUR deposit';
      const body = { callbackId, depositId: deposit.id, currency: 'EUR', amount: '10.00' };
      const answer = await sendCallback(a, step, '/inbound-credits', body);
      expectRefused(a, `an inbound credit of bank-collected deposit ${deposit.id}`, answer.status, [409]);
      return `bank-collected ${label(answer)}`;
    }
    if (kind === 6) {
      const body = { callbackId, depositId: 'ZZZZZZZZZZZZ', currency: 'GBP', amount: '10.00' };
      const answer = await sendCallback(a, step, '/inbound-credits', body);
      expectRefused(a, 'an inbound credit of an unknown deposit', answer.status, [404]);
      return `unknown deposit ${label(answer)}`;
    }
    const deposit = a.model.pick('deposit', step.pick, isCurrency('GBP'));
    if (deposit === undefined) return 'no GBP deposit';
    const minor = arrivingMinor(json(deposit.detail.amount), 'GBP', step.variant >>> 3);
    const body = { callbackId, depositId: deposit.id, currency: 'GBP', amount: decimal(minor) };
    if (kind === 7) {
      // Forged or replayed late: not evidence, so nothing may be credited by it.
      const forgery = (step.variant >>> 3) % 2 === 0 ? 'forged' : 'stale';
      const answer = await sendCallback(a, step, '/inbound-credits', body, forgery);
      expectRefused(a, `a ${forgery} inbound credit`, answer.status, [401]);
      return `${forgery} ${label(answer)}`;
    }
    production.credit(callbackId, minor, deposit.id);
    return callback(a, step, '/inbound-credits', body, twice);
  },

  async providerOutcome(a, step) {
    const production = productionOf(a);
    const callbackId = production.nextId('C');
    const outcome = nth(['settled', 'settled', 'rejected', 'returned'] as const, step.variant >>> 3);
    const kind = step.variant % 6;
    if (kind === 4) {
      // A payout that left by bank file: the provider cannot report it.
      const withdrawal = a.model.pick('withdrawal', step.pick, (k) => k.detail.currency !== 'GBP');
      if (withdrawal === undefined) return 'no EUR withdrawal';
      const body = { callbackId, payoutId: withdrawal.id, outcome };
      const answer = await sendCallback(a, step, '/payout-outcomes', body);
      expectRefused(a, `an outcome of bank-file payout ${withdrawal.id}`, answer.status, [404, 409]);
      return `bank-file payout ${label(answer)}`;
    }
    if (kind === 5) {
      const body = { callbackId, payoutId: `no-such-payout-${production.tag}`, outcome };
      const answer = await sendCallback(a, step, '/payout-outcomes', body);
      expectRefused(a, 'an outcome of an unknown payout', answer.status, [404]);
      return `unknown payout ${label(answer)}`;
    }
    const withdrawal = a.model.pick('withdrawal', step.pick, isCurrency('GBP'));
    if (withdrawal === undefined) return 'no GBP withdrawal';
    production.reported(withdrawal.id, outcome);
    const body = { callbackId, payoutId: withdrawal.id, outcome, ...(outcome === 'settled' ? {} : { reason: 'AC04' }) };
    return `${outcome} ${await callback(a, step, '/payout-outcomes', body, (step.variant >>> 6) % 4 === 0)}`;
  },

  async callbackAgain(a, step) {
    // Late duplicates: a callback the provider sent before, again; or its id reused for another body (refused).
    const sent = productionOf(a).callbacks;
    if (sent.length === 0) return 'no callback';
    const original = nth(sent, step.pick);
    if (step.variant % 3 !== 2 || original.answered?.status !== 200) {
      const again = await sendCallback(a, step, original.path, original.body, undefined, false);
      checkReplay(a, original, again.status, again.body);
      return `same ${label(again)}`;
    }
    const changed =
      original.path === '/inbound-credits'
        ? { ...original.body, amount: original.body.amount === '1000.00' ? '999.99' : '1000.00' }
        : { ...original.body, outcome: original.body.outcome === 'returned' ? 'settled' : 'returned' };
    const answer = await sendCallback(a, step, original.path, changed, undefined, false);
    expectRefused(a, `callback ${String(original.body.callbackId)} reused for another body`, answer.status, [409]);
    return `reused id ${label(answer)}`;
  },

  async sandboxRefused(a, step) {
    const deposit = a.model.pick('deposit', step.pick);
    const withdrawal = a.model.pick('withdrawal', step.pick);
    const requests = [
      {
        method: 'POST' as const,
        url: '/v1/simulate/incoming-transfer/deposit',
        payload: { depositId: deposit?.id ?? 'none', amount: 10, ...eurCounterparty },
      },
      { method: 'POST' as const, url: `/v1/simulate/withdrawals/${withdrawal?.id ?? 'none'}/complete` },
      { method: 'POST' as const, url: `/v1/simulate/deposits/${deposit?.id ?? 'none'}/expire` },
      {
        method: 'POST' as const,
        url: '/v1/simulate/kyc',
        payload: { userEmail: nth(customers, step.pick), status: 'APPROVED' },
      },
      { method: 'PUT' as const, url: '/v1/simulate/settings', payload: { outcomes: 'manual' } },
      { method: 'POST' as const, url: '/v1/simulate/clock/advance', payload: { seconds: 3_600 } },
    ];
    const request = nth(requests, step.variant);
    const before = await moneySnapshot(a);
    const answer = await a.client.once(step, 'sandbox route', request);
    if (!answer.lost && answer.status !== 404 && !(step.fault !== undefined && answer.status >= 500)) {
      a.model.problems.push(
        `sandbox refused: ${request.method} ${request.url} answered ${answer.status} in production`,
      );
    }
    const after = await moneySnapshot(a);
    if (after !== before)
      a.model.problems.push(`sandbox refused: ${request.url} moved something: ${before} -> ${after}`);
    return label(answer);
  },

  ...bankFileOperations,
} satisfies Partial<Record<Step['op'], Operation>>;

/** The workspace's balances, deposits, withdrawals and events, as one text: a sandbox route must change none. */
async function moneySnapshot(a: Actors): Promise<string> {
  const [row] = await a.world.db.query<{ snapshot: string | null }>(
    `select concat_ws(' | ',
       (select string_agg(b.currency || '=' || b.available || '/' || b.pending, ',' order by b.account_id, b.currency)
          from balances b join accounts c on c.id = b.account_id where c.workspace_id = $1),
       (select string_agg(id || '=' || status, ',' order by id) from deposits where workspace_id = $1),
       (select string_agg(id::text || '=' || status, ',' order by id) from withdrawals where workspace_id = $1),
       (select count(*)::text from outbox_events where workspace_id = $1)) as snapshot`,
    [a.client.workspaceId],
  );
  return row?.snapshot ?? '';
}
