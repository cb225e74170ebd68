import { describe, expect, it } from 'vitest';
import { currencies } from '../currencies.js';
import { destinationRailValues } from '../rail-values.js';
import { methodNameOf, payoutRailByMethod, payoutRailByRail, payoutRails } from './index.js';

const offered = [...new Set(currencies.flatMap((c) => c.payoutRails))];
const specRails = [
  'ACH_COP',
  'BANK_DEPOSIT_COL',
  'ACH_US',
  'BANK_DEPOSIT_AR',
  'BANK_DEPOSIT_BO',
  'BANK_DEPOSIT_BR',
  'BANK_DEPOSIT_BW',
  'BANK_DEPOSIT_CL',
  'BANK_DEPOSIT_CN',
  'BANK_DEPOSIT_HK',
  'BANK_DEPOSIT_KE',
  'BANK_DEPOSIT_MW',
  'BANK_DEPOSIT_MX',
  'BANK_DEPOSIT_PEN',
  'SEPA',
  'PIX_BR',
  'BALANCE',
];
const rules = payoutRails.flatMap((entry) => entry.fields.map((rule) => ({ rail: entry.rail, rule })));

describe('payout rail catalogue coverage', () => {
  it.each(offered)('%s, offered by a currency, has an entry', (rail) => {
    expect(payoutRailByRail(rail)?.rail).toBe(rail);
  });

  it('has nothing beyond the offered rails and BALANCE', () => {
    expect(payoutRails.map((e) => e.rail).sort()).toEqual([...offered, 'BALANCE'].sort());
  });

  it.each(payoutRails.map((e) => [e.rail, e] as const))('%s is a known destination rail value', (rail) => {
    expect(destinationRailValues as readonly string[]).toContain(rail);
  });

  it.each(payoutRails.filter((e) => e.rail !== 'BALANCE').map((e) => [e.rail, e] as const))(
    '%s lists exactly the currencies that offer it',
    (rail, entry) => {
      const expected = currencies.filter((c) => c.payoutRails.includes(rail)).map((c) => c.code);
      expect(entry.currencies).toEqual(expected);
      expect(entry.currencies.length).toBeGreaterThan(0);
    },
  );

  it('BALANCE pays any holdable currency and takes no fields', () => {
    const balance = payoutRailByRail('BALANCE');
    expect(balance?.currencies).toEqual(currencies.filter((c) => c.holdable).map((c) => c.code));
    expect(balance?.fields).toEqual([]);
    expect(balance?.kind).toBe('balance');
  });

  it('has no duplicate rail or method', () => {
    expect(new Set(payoutRails.map((e) => e.rail)).size).toBe(payoutRails.length);
    expect(new Set(payoutRails.map((e) => e.method)).size).toBe(payoutRails.length);
  });
});

describe('method names', () => {
  it.each([
    ['ACH_US', 'achUS'],
    ['ACH_COP', 'achCOP'],
    ['BANK_DEPOSIT_COL', 'bankDepositCOL'],
    ['BANK_DEPOSIT_PEN', 'bankDepositPEN'],
    ['SEPA', 'sepa'],
    ['PIX_BR', 'pixBR'],
    ['GBP_BANK_TRANSFER', 'gbpBankTransfer'],
    ['MOBILE_MONEY_KE', 'mobileMoneyKE'],
    ['BALANCE', 'balance'],
    ['PHONE_DEPOSIT_VEN', 'phoneDepositVEN'],
    ['BANK_DEPOSIT_XOF', 'bankDepositXOF'],
    ['BRE_B_COP', 'breBCOP'],
    ['POLKADOT', 'polkadot'],
    ['SOL', 'sol'],
  ])('methodNameOf(%s) is %s', (rail, method) => expect(methodNameOf(rail)).toBe(method));

  it.each(payoutRails.map((e) => [e.rail, e.method] as const))(
    '%s uses method %s from methodNameOf',
    (rail, method) => {
      expect(method).toBe(methodNameOf(rail));
    },
  );

  it.each(payoutRails.map((e) => [e.rail, e.method] as const))(
    '%s resolves by method, rail and rail value',
    (rail, method) => {
      expect(payoutRailByMethod(method)?.rail).toBe(rail);
      expect(payoutRailByMethod(rail)?.rail).toBe(rail);
      expect(payoutRailByRail(rail)?.method).toBe(method);
    },
  );

  it('answers undefined for unknown names', () => {
    expect(payoutRailByMethod('nope')).toBeUndefined();
    expect(payoutRailByRail('CELO')).toBeUndefined();
    expect(payoutRailByRail('achUS')).toBeUndefined();
  });
});

describe('field rules', () => {
  it.each(rules.filter((r) => r.rule.pattern !== undefined).map((r) => [r.rail, r.rule.key, r.rule.pattern ?? '']))(
    '%s.%s pattern is anchored and compiles with the u flag',
    (_rail, _key, pattern) => {
      expect(() => new RegExp(pattern, 'u')).not.toThrow();
      expect(pattern.startsWith('^') && pattern.endsWith('$')).toBe(true);
    },
  );

  it.each(rules.map((r) => [r.rail, r.rule.key, r.rule] as const))('%s.%s is well formed', (_rail, _key, rule) => {
    expect(rule.description.trim().length).toBeGreaterThan(10);
    if (rule.enum !== undefined) expect(rule.enum.length).toBeGreaterThan(0);
    if (rule.default !== undefined) {
      expect(rule.required).toBe(false);
      if (rule.enum !== undefined) expect(rule.enum).toContain(rule.default);
    }
    if (rule.allowEmpty === true) expect(rule.required).toBe(false);
    if (rule.minLength !== undefined && rule.maxLength !== undefined) {
      expect(rule.minLength).toBeLessThanOrEqual(rule.maxLength);
    }
    expect(rule.acceptedIn === undefined || rule.acceptedIn.includes('destinationTransferData')).toBe(true);
  });

  it.each(payoutRails.map((e) => [e.rail, e] as const))('%s has unique keys and a source', (rail, entry) => {
    const keys = entry.fields.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('type');
    if (specRails.includes(rail)) expect(entry.source).toBe('spec: Payout destination table');
    else expect(entry.source).toMatch(/^decided 2026-11-21: \S.{10,}$/);
  });
});

// The spec's dated changes, asserted on the data itself.
describe('dated changes in force', () => {
  const rule = (rail: string, key: string) => payoutRailByRail(rail)?.fields.find((f) => f.key === key);

  it('ACH_US: state required from the list, bankAccountType optional defaulting to CHECKING', () => {
    expect(rule('ACH_US', 'state')?.required).toBe(true);
    expect(rule('ACH_US', 'state')?.enum).toHaveLength(56);
    expect(rule('ACH_US', 'bankAccountType')).toMatchObject({ required: false, default: 'CHECKING' });
  });

  it('COP: six fields on both rails, bank code from the list, destinationNetworkId optional on BANK_DEPOSIT_COL', () => {
    expect(payoutRailByRail('ACH_COP')?.fields.filter((f) => f.required)).toHaveLength(6);
    expect(payoutRailByRail('BANK_DEPOSIT_COL')?.fields.filter((f) => f.required)).toHaveLength(6);
    expect(rule('ACH_COP', 'destinationBankCode')?.enum).toHaveLength(50);
    expect(rule('BANK_DEPOSIT_COL', 'destinationNetworkId')?.required).toBe(false);
    expect(rule('ACH_COP', 'destinationBankAccountNumber')?.required).toBe(true);
    expect(rule('BANK_DEPOSIT_COL', 'destinationBankAccount')?.required).toBe(true);
  });

  it('BANK_DEPOSIT_PEN, BANK_DEPOSIT_AR and BANK_DEPOSIT_CL requirements', () => {
    expect(rule('BANK_DEPOSIT_PEN', 'destinationCCI')).toMatchObject({ required: true, minLength: 1, maxLength: 20 });
    expect(rule('BANK_DEPOSIT_AR', 'destinationTaxId')?.required).toBe(true);
    expect(payoutRailByRail('BANK_DEPOSIT_CL')?.fields.map((f) => [f.key, f.required])).toEqual([
      ['destinationName', true],
      ['destinationBankName', true],
      ['destinationBankAccountType', true],
      ['destinationTaxId', true],
      ['destinationBankAccount', true],
    ]);
  });

  it.each(['SEPA', 'ACH_US', 'GBP_BANK_TRANSFER'])('%s: city and postalCode required in either object', (rail) => {
    for (const key of ['city', 'postalCode']) {
      expect(rule(rail, key)?.required).toBe(true);
      expect(rule(rail, key)?.acceptedIn).toEqual(['destinationTransferData', 'destinationUserData']);
    }
  });
});
