import { describe, expect, it } from 'vitest';
import { payoutRailByRail } from '../../catalogue/payout-rails/index.js';
import { NAME_PATTERN } from '../../catalogue/reference/patterns.js';
import type { PayoutRailEntry } from '../../catalogue/types.js';
import { applyDefaults, validateDestination } from './validate-destination.js';

// The engine's semantics on a synthetic rail, so that they do not depend on any catalogue entry.
const entry: PayoutRailEntry = {
  rail: 'TEST_RAIL',
  method: 'testRAIL',
  kind: 'bank',
  currencies: ['USD'],
  source: 'test',
  fields: [
    { key: 'name', required: true, description: 'a name', pattern: NAME_PATTERN },
    { key: 'code', required: true, description: 'A or B', enum: ['A', 'B'] },
    { key: 'digits', required: true, description: '4 to 6 digits', minLength: 4, maxLength: 6, pattern: '^[0-9]+$' },
    {
      key: 'city',
      required: true,
      description: 'a city',
      acceptedIn: ['destinationTransferData', 'destinationUserData'],
    },
    { key: 'note', required: false, description: 'a note', maxLength: 5, allowEmpty: true, default: 'none' },
    { key: 'tier', required: false, description: 'X or Y', enum: ['X', 'Y'], default: 'X' },
    { key: 'min2', required: false, description: 'two or more', minLength: 2 },
    { key: 'max3', required: false, description: 'three or fewer', maxLength: 3 },
  ],
};

const good = { type: 'TEST_RAIL', name: 'Ana Lía', code: 'A', digits: '1234', city: 'Lima' };
const check = (overrides: Record<string, unknown>, userData?: Record<string, unknown>) =>
  validateDestination(entry, { ...good, ...overrides }, userData);
const first = (overrides: Record<string, unknown>, userData?: Record<string, unknown>) => check(overrides, userData)[0];

describe('validateDestination', () => {
  it('accepts a complete destination', () => expect(check({})).toEqual([]));

  it.each([
    [{ type: undefined }, 'destinationTransferData.type is required'],
    [{ type: '' }, 'destinationTransferData.type is required'],
    [{ type: 7 }, 'destinationTransferData.type must be a string'],
    [{ type: 'test_rail' }, 'destinationTransferData.type must be TEST_RAIL'],
    [{ name: undefined }, 'destinationTransferData.name is required'],
    [{ name: '' }, 'destinationTransferData.name is required'],
    [{ name: false }, 'destinationTransferData.name must be a string'],
    [{ name: { first: 'Ana' } }, 'destinationTransferData.name must be a string'],
    [{ code: 'C' }, 'destinationTransferData.code must be one of: A, B'],
    [{ code: 'a' }, 'destinationTransferData.code must be one of: A, B'],
    [{ digits: '123' }, 'destinationTransferData.digits must be between 4 and 6 characters'],
    [{ digits: '1234567' }, 'destinationTransferData.digits must be between 4 and 6 characters'],
    [{ digits: '12a4' }, 'destinationTransferData.digits is not in the expected format: 4 to 6 digits'],
    [{ note: '123456' }, 'destinationTransferData.note must be at most 5 characters'],
    [{ tier: '' }, 'destinationTransferData.tier must be one of: X, Y'],
    [{ min2: 'a' }, 'destinationTransferData.min2 must be at least 2 characters'],
    // Without allowEmpty an optional '' is a value like any other and meets the rule's bounds.
    [{ min2: '' }, 'destinationTransferData.min2 must be at least 2 characters'],
    [{ max3: 'abcd' }, 'destinationTransferData.max3 must be at most 3 characters'],
    [{ extra: 'x' }, 'destinationTransferData.extra is not a field of TEST_RAIL'],
    [
      { city: undefined },
      'destinationTransferData.city is required (in destinationTransferData or destinationUserData)',
    ],
  ])('%j -> %s', (overrides, message) => {
    expect(first(overrides)?.message).toBe(message);
    expect(message.startsWith(`${first(overrides)?.field} `)).toBe(true);
  });

  it.each([[{ note: '' }], [{ note: '12345' }], [{ tier: 'Y' }], [{ max3: '' }], [{ digits: '123456' }]])(
    'accepts %j',
    (overrides) => expect(check(overrides)).toEqual([]),
  );

  it('reports every problem: type, then the rule order, then unknown keys', () => {
    const errors = validateDestination(entry, { zz: 1, digits: 'x', name: 'A  B', type: 'NOPE', aa: 2 });
    expect(errors.map((e) => e.field)).toEqual(
      ['type', 'name', 'code', 'digits', 'city', 'zz', 'aa'].map((k) => `destinationTransferData.${k}`),
    );
  });

  it('reads an either-location field from destinationUserData, checking it there', () => {
    expect(check({ city: undefined }, { city: 'Cusco' })).toEqual([]);
    expect(check({ city: '' }, { city: 'Cusco' })).toEqual([]);
    expect(first({ city: undefined }, { city: 12 })).toEqual({
      field: 'destinationUserData.city',
      message: 'destinationUserData.city must be a string',
    });
    expect(first({ city: undefined }, { city: '' })?.message).toContain('is required');
    // A key outside acceptedIn is not taken from the identity object.
    expect(first({ name: undefined }, { name: 'Ana' })?.field).toBe('destinationTransferData.name');
  });

  it('counts lengths in code points', () => {
    expect(check({ max3: '😀😀😀' })).toEqual([]);
    expect(first({ max3: '😀😀😀😀' })?.field).toBe('destinationTransferData.max3');
    expect(first({ min2: '😀' })?.field).toBe('destinationTransferData.min2');
  });

  it('matches with the u flag: accented, decomposed and non-Latin letters are letters', () => {
    for (const name of ['Zoë Ñúñez', 'Jose\u0301', 'Ærøskøbing Åse', '王小明', 'Владимир Ильич']) {
      expect(check({ name }), name).toEqual([]);
    }
    for (const name of ['Ana1', 'Ana  Lía', ' Ana', 'Ana ', 'Ana-Lía', 'Ana_Lia', '\u0301Ana']) {
      expect(first({ name })?.field, name).toBe('destinationTransferData.name');
    }
  });

  it('ignores inherited properties', () => {
    const data = Object.assign(Object.create({ code: 'A' }) as Record<string, unknown>, { ...good, code: undefined });
    expect(validateDestination(entry, data)[0]?.field).toBe('destinationTransferData.code');
  });

  it('gives the same answers on repeated calls, whatever ran before', () => {
    const once = check({ digits: '12a4' });
    for (let i = 0; i < 3; i += 1) expect(check({ digits: '12a4' })).toEqual(once);
    expect(check({})).toEqual([]);
  });
});

describe('applyDefaults', () => {
  it('fills omitted defaulted fields and empty allowEmpty ones, without touching the input', () => {
    const input = { ...good, note: '' };
    expect(applyDefaults(entry, input)).toEqual({ ...good, note: 'none', tier: 'X' });
    expect(input).toEqual({ ...good, note: '' });
  });

  it('keeps values the partner sent', () => {
    expect(applyDefaults(entry, { ...good, note: 'hi', tier: 'Y' })).toEqual({ ...good, note: 'hi', tier: 'Y' });
  });

  it('fills ACH_US bankAccountType with CHECKING', () => {
    const achUS = payoutRailByRail('ACH_US');
    expect(achUS).toBeDefined();
    if (achUS === undefined) return;
    expect(applyDefaults(achUS, { type: 'ACH_US' })).toEqual({ type: 'ACH_US', bankAccountType: 'CHECKING' });
    expect(applyDefaults(achUS, { type: 'ACH_US', bankAccountType: 'SAVINGS' }).bankAccountType).toBe('SAVINGS');
  });
});
