import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonArray } from '../../platform/json-text.js';
import type { OrderRow } from './repo.js';
import { Order, OrderListItem } from './schema.js';
import { orderListItem, orderView } from './view.js';
import { orderJson, orderListItemJson } from './view-json.js';

// Goal: the order written straight from its row is, byte for byte, what Fastify's serializer writes for the view
// object against the published response schema, for every shape an order takes.

const base: OrderRow = {
  id: 'PREABCDEF123456',
  workspace_id: 'ws-1',
  account_id: 'acc-1',
  quote_id: '3f1c2a1e-8a1b-4c1d-9e2f-0a1b2c3d4e5f',
  payer_email: 'payer@example.com',
  customer_email: null,
  user_data: null,
  destination_user_data: null,
  destination: { type: 'SEPA', iban: 'DE89370400440532013000', name: 'Hans Müller' },
  external_reference: null,
  origin_currency: 'BRL',
  origin_rail: 'PIX',
  destination_currency: 'EUR',
  destination_rail: 'SEPA',
  origin_amount: 123_456n,
  destination_amount: 20_012n,
  fee: 1_234n,
  gas_fee: 0n,
  spread: 10n,
  conversion_rate: '0.16210000',
  amount_major: '1234.56',
  deposit_id: 'ABCDEF123456',
  received_amount: 0n,
  deposit_info: { depositType: 'PIX', pixCode: '000201…6304ABCD' },
  reference_code: 'REF1',
  counterparty: null,
  payin_reference: null,
  status: 'Pending',
  failure_reason: null,
  created_at_ms: 1_700_000_000_123n,
  updated_at_ms: 1_700_000_000_999n,
  pay_by_ms: 1_700_003_600_000n,
  received_at_ms: null,
  traded_at_ms: null,
  withdrawn_at_ms: null,
  completed_at_ms: null,
  banking_account_id: null,
  idempotency_key: null,
  idempotency_scope: null,
};

const done = {
  received_amount: 123_456n,
  received_at_ms: 1_700_000_100_000n,
  traded_at_ms: 1_700_000_200_000n,
  withdrawn_at_ms: 1_700_000_300_000n,
  completed_at_ms: 1_700_000_400_999n,
};

const rows: [string, OrderRow][] = [
  ['pending, optional fields absent', base],
  [
    'success with every optional field, odd text and an open depositInfo',
    {
      ...base,
      ...done,
      status: 'Success',
      customer_email: 'ana+"quoted"@example.com',
      user_data: { name: 'Ana \\ "Q" \n tab\t', email: 'ana@example.com', note: '\u0001 ☃ 😀' },
      destination_user_data: { name: 'Hans', accountNumber: '1234567890' },
      external_reference: 'ext/ref "1"',
      deposit_info: { key: 'k', depositType: 'PIX', nested: { a: [1, 'b', null] }, n: 1.5, flag: true },
      failure_reason: null,
    },
  ],
  [
    'to a banking account: its instrument and masked beneficiary',
    {
      ...base,
      banking_account_id: '0b7a4c2e-1d3f-4a5b-8c9d-0e1f2a3b4c5d',
      destination_user_data: { name: 'Hans Müller', taxId: '12345678901', email: 'hans@example.com' },
    },
  ],
  [
    'to a banking account: the beneficiary stored sealed, its tax id masked beside it',
    {
      ...base,
      banking_account_id: '0b7a4c2e-1d3f-4a5b-8c9d-0e1f2a3b4c5d',
      destination: { type: 'SEPA', iban: '$sealed:v2.0123456789abcdef.aaa.bbb.ccc', name: 'Hans Müller' },
      user_data: { firstName: 'Ana', taxId: '$sealed:v2.0123456789abcdef.ddd.eee.fff' },
      destination_user_data: {
        name: 'Hans Müller',
        taxId: '$sealed:v2.0123456789abcdef.ggg.hhh.iii',
        dob: '$sealed:v2.0123456789abcdef.jjj.kkk.lll',
        taxIdMasked: '****8901',
      },
    },
  ],
  [
    'to a banking account: a sealed tax id stored without its masked form',
    {
      ...base,
      banking_account_id: '0b7a4c2e-1d3f-4a5b-8c9d-0e1f2a3b4c5d',
      destination_user_data: { name: 'Hans', taxId: '$sealed:v2.0123456789abcdef.mmm.nnn.ooo' },
    },
  ],
  ['refunded after the payout left', { ...base, ...done, completed_at_ms: null, status: 'Refunded' }],
  [
    'refunded before the payout',
    { ...base, ...done, withdrawn_at_ms: null, completed_at_ms: null, status: 'Refunded' },
  ],
  ['failed with a reason', { ...base, status: 'Failed', failure_reason: 'Payout refused: "closed account"' }],
  ['expired', { ...base, status: 'Expired' }],
  [
    'crypto with tiny, zero-decimal and large amounts',
    {
      ...base,
      origin_currency: 'BTC',
      origin_rail: 'BTC',
      origin_amount: 1n,
      fee: 0n,
      gas_fee: 1n,
      destination_currency: 'CLP',
      destination_rail: 'BANK_DEPOSIT_CL',
      destination_amount: 987_654_321_012_345n,
      conversion_rate: '1.2e-7',
    },
  ],
  ['record values that are not strings', { ...base, user_data: { name: 'x', age: 7 as unknown as string } }],
  ['a depositType that is not a string', { ...base, deposit_info: { depositType: 7, a: 'b' } }],
  [
    'a depositInfo key named __proto__',
    { ...base, deposit_info: JSON.parse('{"depositType":"X","__proto__":{"a":1}}') },
  ],
];

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.get('/one/:i', { schema: { response: { 200: Order } } }, async (request) =>
    orderView(rows[Number((request.params as { i: string }).i)]?.[1] as OrderRow),
  );
  app.get('/list', { schema: { response: { 200: Type.Array(OrderListItem) } } }, async () =>
    rows.map(([, row]) => orderListItem(row)),
  );
  await app.ready();
});
afterAll(() => app.close());

describe('an order written as JSON text from its row', () => {
  it.each(rows.map(([name], i) => [name, i] as const))('%s: the serializer’s text for orderView', async (_, i) => {
    const served = await app.inject({ method: 'GET', url: `/one/${i}` });
    expect(orderJson(rows[i]?.[1] as OrderRow)).toBe(served.payload);
  });

  it('a list page: the serializer’s text for the list items', async () => {
    const served = await app.inject({ method: 'GET', url: '/list' });
    expect(
      jsonArray(
        rows.map(([, row]) => row),
        orderListItemJson,
      ),
    ).toBe(served.payload);
    expect(jsonArray([], orderListItemJson)).toBe('[]');
  });
});
