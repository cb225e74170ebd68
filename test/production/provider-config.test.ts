import { describe, expect, it } from 'vitest';
import { productionProviders } from '../../src/providers/production-providers.js';
import { checkProvidersFile, ProvidersFileError } from '../../src/providers/providers-file.js';
import { testDb } from '../support/harness.js';

// The providers file's providerService section: checked at load against the catalogue, every bad entry named.

const secret = 'x'.repeat(32);
const section = {
  url: 'https://provider.example/v1',
  secret,
  collects: [{ currency: 'GBP', rail: 'GBP_BANK_TRANSFER' }],
  pays: [
    { currency: 'GBP', rail: 'GBP_BANK_TRANSFER' },
    { currency: 'BRL', rail: 'PIX_BR' },
  ],
  timeoutMs: 5_000,
  maxAttempts: 3,
};

const problemsOf = (file: unknown): string[] => {
  try {
    checkProvidersFile('providers.json', file);
    return [];
  } catch (error) {
    if (error instanceof ProvidersFileError) return [...error.problems];
    throw error;
  }
};

describe('the providerService section', () => {
  it('is accepted when sound, and connects what it names', async () => {
    expect(problemsOf({ providerService: section })).toEqual([]);
    const live = productionProviders(checkProvidersFile('p', { providerService: section }), {
      db: await testDb(),
      nowMs: Date.now,
    });
    expect(live.capabilities.collects('GBP', 'GBP_BANK_TRANSFER')).toBe(true);
    expect(live.capabilities.paysOut('BRL', 'PIX')).toBe(true);
    expect(live.capabilities.collects('EUR', 'SEPA')).toBe(false);
    expect(live.capabilities.report()).toContainEqual({
      capability: 'payout BRL/PIX_BR',
      live: true,
      detail: 'provider service at provider.example',
    });
    expect(live.providerService?.secret).toBe(secret);
  });

  it('names each entry the catalogue does not have', () => {
    const problems = problemsOf({
      providerService: {
        ...section,
        collects: [
          { currency: 'BRL', rail: 'SEPA' },
          { currency: 'XYZ', rail: 'PIX_BR' },
          { currency: 'ARS', rail: 'BANK_DEPOSIT_AR' },
        ],
        pays: [
          { currency: 'GBP', rail: 'GBP_BANK_TRANSFER' },
          { currency: 'USDC', rail: 'TRON' },
          { currency: 'GBP', rail: 'GBP_BANK_TRANSFER' },
        ],
      },
    });
    expect(problems).toEqual([
      'providerService.collects[0] BRL/SEPA: SEPA is not a payin rail of BRL (PIX_BR, BANK_DEPOSIT_BR, PIX)',
      'providerService.collects[1] XYZ/PIX_BR: XYZ is not a currency of the catalogue',
      'providerService.collects[2] ARS/BANK_DEPOSIT_AR: BANK_DEPOSIT_AR is not a payin rail of ARS (none)',
      'providerService.pays[1] USDC/TRON: TRON is not a payout rail of USDC (ETH, ARBITRUM, BASE, BSC, MATIC, OPTIMISM, SOL, AVALANCHE)',
      'providerService.pays[2] GBP/GBP_BANK_TRANSFER: given twice',
    ]);
  });

  it('refuses unknown keys, a short secret, plain http to another machine, and a rail also collected by account', () => {
    expect(problemsOf({ providerService: { ...section, retries: 3 } })).toEqual([
      'unknown key "retries" at /providerService',
    ]);
    expect(problemsOf({ providerService: { ...section, secret: 'short' } })).toEqual([
      '/providerService/secret: must NOT have fewer than 32 characters',
    ]);
    expect(problemsOf({ providerService: { ...section, url: 'http://provider.example' } })).toEqual([
      'providerService.url: http://provider.example must use https (plain http only to this machine)',
    ]);
    expect(problemsOf({ providerService: { ...section, url: 'http://127.0.0.1:8080' } })).toEqual([]);
    const account = {
      currency: 'GBP',
      rail: 'GBP_BANK_TRANSFER',
      accountHolder: 'Brokerage Ltd',
      sortCode: '40-47-84',
      accountNumber: '12345678',
      bankName: 'A Bank',
    };
    expect(problemsOf({ collectionAccounts: [account], providerService: section })).toEqual([
      'providerService.collects GBP/GBP_BANK_TRANSFER: also a collection account; connect it once',
    ]);
    const sepaDebtor = { debtorName: 'Brokerage Ltd', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' };
    const paysSepa = { ...section, pays: [{ currency: 'EUR', rail: 'SEPA' }] };
    expect(problemsOf({ bankPayouts: { sepa: sepaDebtor }, providerService: paysSepa })).toEqual([
      'providerService.pays EUR/SEPA: also paid by bank file (bankPayouts); connect it once',
    ]);
  });
});
