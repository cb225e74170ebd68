import { beforeAll, describe, expect, it } from 'vitest';
import { payoutRailByRail, payoutRails } from '../../src/catalogue/payout-rails/index.js';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { aQuote, postOrder } from '../support/orders.js';
import { instrument, valid } from '../support/payout-instruments.js';

// Goal: the spec read literally about who pays and who receives. The spec's minimum payer (Deposit: "Individual:
// firstName, userEmail, country; business: add businessName") is accepted; a corridor asks more only what
// identity-schema lists; a beneficiary fact the payout instrument states (ACH_COP's destinationTaxId) is not asked
// again in destinationUserData, which is required only when identity-schema?direction=payout says so for the rail.
// Method: one approved minimum payer; deposits and orders through the API, each rule with a valid control first;
// for every payout rail, what identity-schema says is compared with what POST /v1/orders does.

let t: TestApp;
let p: Partner;
const minimum = { firstName: 'Ana', userEmail: 'ana.minimum@example.com', country: 'PT' };

beforeAll(async () => {
  t = await buildTestApp({
    env: { SANDBOX_SETTLE_DELAY_MS: '0', QUOTE_TTL_SECONDS: '3600', WRITE_RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  p = await aPartner(t.app);
  await verifyCustomer(t.app, p, minimum.userEmail);
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: p.headers });
const deposit = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/deposits', headers: p.headers, payload });

interface RailIntake {
  rail: string;
  destinationUserDataRequired: boolean;
  facts: { key: string; acceptedIn: string[] }[];
}

async function payoutIntake(currency: string): Promise<{ required: string[]; rails: RailIntake[] }> {
  const response = await get(`/v1/currencies/${currency}/identity-schema?direction=payout`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value;
}

describe('the spec minimum payer', () => {
  it('identity-schema gives the spec baseline for a collection: firstName, userEmail, country', async () => {
    for (const currency of ['EUR', 'USD', 'GBP', 'USDC']) {
      const individual = (await get(`/v1/currencies/${currency}/identity-schema?direction=payin`)).json().value;
      expect(individual.required, currency).toEqual(['firstName', 'userEmail', 'country']);
      expect(individual.optional).toContain('lastName');
      const business = (await get(`/v1/currencies/${currency}/identity-schema?entityType=business`)).json().value;
      expect(business.required, currency).toEqual(['firstName', 'userEmail', 'country', 'businessName']);
    }
  });

  it.each([
    ['EUR', {}],
    ['USD', {}],
    ['GBP', {}],
    ['USDC', { rail: 'ETH' }],
  ])('POST /v1/deposits in %s accepts an individual with firstName, userEmail and country', async (currency, rail) => {
    const response = await deposit({ userData: minimum, currency, amount: 25, ...rail });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().userData).toEqual(minimum);
  });

  it('POST /v1/deposits accepts a business with firstName, userEmail, country and businessName', async () => {
    const response = await deposit({ userData: { ...minimum, businessName: 'Ana Lda' }, currency: 'EUR', amount: 25 });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('POST /v1/orders accepts the minimum payer from a corridor that asks nothing more', async () => {
    const quote = await aQuote(t.app, p, { originCurrency: 'MXN', destinationCurrency: 'EUR', originAmount: 500 });
    const response = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      userData: minimum,
      destinationTransferData: instrument('SEPA'),
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('a corridor that asks more lists it in identity-schema, and the order names it when missing', async () => {
    const brl = (await get('/v1/currencies/BRL/identity-schema?direction=payin')).json().value;
    expect(brl.required).toEqual(['firstName', 'userEmail', 'country', 'taxId']);
    const quote = await aQuote(t.app, p, { originCurrency: 'BRL', destinationCurrency: 'EUR', originAmount: 500 });
    const order = { quoteId: quote.quoteId, destinationTransferData: instrument('SEPA') };
    const refused = await postOrder(t.app, p, { ...order, userData: minimum });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'ValidationError',
      errorId: 1008,
      message: 'userData.taxId is required to collect BRL',
    });
    const accepted = await postOrder(t.app, p, { ...order, userData: { ...minimum, taxId: '52998224725' } });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });
});

describe("the payout instrument's own fields carry the beneficiary's facts", () => {
  /** The spec's ACH_COP example: the six fields of the payout table, destinationTaxId among them. */
  const achCop = {
    type: 'ACH_COP',
    destinationName: 'María Pérez',
    destinationBankCode: '1007',
    destinationBankAccountNumber: '12345678901',
    destinationBankAccountType: 'AHORRO',
    destinationDocumentType: 'CC',
    destinationTaxId: '1020304050',
  };

  it('an ACH_COP order with the six spec fields needs no destinationUserData, and none of its tax id', async () => {
    const intake = await payoutIntake('COP');
    expect(intake.rails.find((r) => r.rail === 'ACH_COP')).toEqual({
      rail: 'ACH_COP',
      method: 'achCOP',
      destinationUserDataRequired: false,
      facts: [{ key: 'taxId', acceptedIn: ['destinationTransferData.destinationTaxId', 'destinationUserData.taxId'] }],
    });
    for (const destinationUserData of [undefined, minimum]) {
      const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'COP', originAmount: 100 });
      const response = await postOrder(t.app, p, {
        quoteId: quote.quoteId,
        userData: minimum,
        destinationTransferData: achCop,
        ...(destinationUserData ? { destinationUserData } : {}),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('a bank-deposit payout asks no wallet phone number; only mobile money carries one', async () => {
    const intake = await payoutIntake('KES');
    expect(intake.required).toEqual(['firstName', 'userEmail', 'country']);
    for (const rail of intake.rails) expect(rail).toMatchObject({ destinationUserDataRequired: false, facts: [] });
  });

  it('a corridor fact no instrument field carries makes destinationUserData required, naming the fact', async () => {
    const intake = await payoutIntake('TWD');
    expect(intake.rails).toEqual([
      {
        rail: 'BANK_DEPOSIT_TW',
        method: 'bankDepositTW',
        destinationUserDataRequired: true,
        facts: [{ key: 'address', acceptedIn: ['destinationUserData.address'] }],
      },
    ]);
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'TWD', originAmount: 100 });
    const order = { quoteId: quote.quoteId, userData: minimum, destinationTransferData: instrument('BANK_DEPOSIT_TW') };
    const refused = await postOrder(t.app, p, order);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(
      "destinationUserData is required for a TWD payout on BANK_DEPOSIT_TW: the instrument does not carry the beneficiary's address",
    );
    const accepted = await postOrder(t.app, p, {
      ...order,
      destinationUserData: { ...minimum, address: '7 Xinyi Road, Taipei' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  /** A plausible value of each party identity fact a corridor may ask. */
  const factValues: Record<string, string> = {
    address: '7 Xinyi Road',
    city: 'Taipei',
    postalCode: '110',
    state: 'TP',
    taxId: 'A123456789',
    phoneNumber: '+886912345678',
  };

  /** Every payout rail a currency offers, with the first currency that offers it. */
  const rails = payoutRails.filter((e) => e.rail !== 'BALANCE').map((e) => [e.rail, e.currencies[0] ?? ''] as const);

  it.each(rails)(
    'identity-schema and POST /v1/orders agree on %s (%s) without destinationUserData',
    async (rail, currency) => {
      const intake = await payoutIntake(currency);
      const said = intake.rails.find((r) => r.rail === rail);
      expect(said, `${currency} lists ${rail}`).toBeDefined();
      const originCurrency = currency === 'EUR' ? 'GBP' : 'EUR';
      const quoteBody = { originCurrency, destinationCurrency: currency, destinationRail: rail, originAmount: 200 };
      const quote = await aQuote(t.app, p, quoteBody);
      const order = { quoteId: quote.quoteId, userData: minimum, destinationTransferData: instrument(rail) };
      const bare = await postOrder(t.app, p, order);
      if (!said?.destinationUserDataRequired) {
        expect(bare.statusCode, bare.body).toBe(201);
        return;
      }
      expect(bare.statusCode, bare.body).toBe(400);
      expect(bare.json().message).toMatch(/^destinationUserData is required for a/);
      // The minimum beneficiary plus each fact, where identity-schema says it may go: then it is accepted.
      const facts = Object.fromEntries(said.facts.map((f) => [f.key, factValues[f.key]]));
      const accepted = await postOrder(t.app, p, { ...order, destinationUserData: { ...minimum, ...facts } });
      expect(accepted.statusCode, accepted.body).toBe(201);
    },
  );

  it('the tables cover every rail', () => {
    for (const [rail] of rails) {
      expect(valid[rail], rail).toBeDefined();
      expect(payoutRailByRail(rail)).toBeDefined();
    }
  });
});
