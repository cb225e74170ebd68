import { describe, expect, it } from 'vitest';
import { clabeCheckDigit, isValidClabe } from './clabe.js';
import { ibanCheckDigits, normalizeIban } from './iban.js';
import { instrumentCheckProblem } from './instrument-checks.js';
import { isValidCnpj, isValidCpf, isValidCpfOrCnpj, isValidCuit, isValidRut } from './tax-ids.js';

// Valid rows are published examples (the Receita Federal's and AFIP's own ids, Banxico's CLABE example, the SII's
// RUT); each invalid row is a valid one with a single digit mistyped, the error these checks exist to catch.

describe('CPF', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['111.444.777-35', true],
    ['529.982.247-26', false],
    ['529.982.427-25', false],
    ['111.111.111-11', false], // passes the arithmetic, never issued
    ['5299822472', false],
  ])('%s → %s', (text, valid) => {
    expect(isValidCpf(text)).toBe(valid);
  });
});

describe('CNPJ', () => {
  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['33.683.111/0002-80', true], // SERPRO
    ['11.222.333/0001-82', false],
    ['11.222.333/0010-81', false],
    ['00.000.000/0000-00', false],
  ])('%s → %s', (text, valid) => {
    expect(isValidCnpj(text)).toBe(valid);
  });
  it('tells a CPF from a CNPJ by its length', () => {
    expect(isValidCpfOrCnpj('529.982.247-25')).toBe(true);
    expect(isValidCpfOrCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCpfOrCnpj('1122233300018')).toBe(false);
  });
});

describe('CUIT/CUIL', () => {
  it.each([
    ['33-69345023-9', true], // AFIP
    ['33693450239', true],
    ['20-12345678-6', true],
    ['30-50001091-2', true],
    ['33-69345023-8', false],
    ['33-69345032-9', false],
    ['20-12345677-0', false], // remainder 1: no digit exists, AFIP issues a 23 prefix instead
  ])('%s → %s', (text, valid) => {
    expect(isValidCuit(text)).toBe(valid);
  });
});

describe('RUT', () => {
  it.each([
    ['12.345.678-5', true],
    ['12345678-5', true],
    ['60.803.000-K', true], // Servicio de Impuestos Internos
    ['60803000k', true],
    ['76.086.428-5', true],
    ['12.345.678-6', false],
    ['60.803.000-0', false],
    ['12.345.687-5', false],
  ])('%s → %s', (text, valid) => {
    expect(isValidRut(text)).toBe(valid);
  });
});

describe('CLABE', () => {
  it.each([
    ['032180000118359719', true], // Banxico's example
    ['002010077777777771', true],
    ['032180000118359718', false],
    ['032180000118539719', false],
    ['03218000011835971', false],
  ])('%s → %s', (text, valid) => {
    expect(isValidClabe(text)).toBe(valid);
  });
  it('computes the control digit', () => {
    expect(clabeCheckDigit('03218000011835971')).toBe('9');
    expect(() => clabeCheckDigit('0321800001183597')).toThrow(RangeError);
  });
});

describe('IBAN', () => {
  it.each([
    ['GB', 'WEST12345698765432', '82'],
    ['DE', '370400440532013000', '89'],
    ['NL', 'ABNA0417164300', '91'],
  ])('computes the published check digits of %s %s', (country, bban, digits) => {
    expect(ibanCheckDigits(country, bban)).toBe(digits);
  });
  it.each([
    ['DE89370400440532013000', true],
    ['FR1420041010050500013M02606', true],
    ['SN08SN0100152000048500003035', true],
    ['DE89370400440532013001', false], // check digits
    ['DE8937040044053201300', false], // one short of Germany's 22
    ['NL91ABNA041716430', false], // one short of the Netherlands' 18
    ['NL9112340417164300', false], // digits where the Dutch bank code's letters go
    ['XX89370400440532013000', false], // no such country
  ])('%s → %s', (text, valid) => {
    expect(normalizeIban(text) === text).toBe(valid);
  });
});

describe('instrumentCheckProblem', () => {
  it.each([
    ['iban', 'DE89370400440532013000'],
    ['aba', '021000021'],
    ['clabe', '032180000118359719'],
    ['cpfCnpj', '529.982.247-25'],
    ['cpfCnpj', '11222333000181'],
    ['pixKey', '52998224725'],
    ['pixKey', '11.222.333/0001-81'],
    ['pixKey', '+5511987654321'],
    ['pixKey', 'someone@example.com'],
    ['cuit', '20-12345678-6'],
    ['rut', '12.345.678-5'],
  ] as const)('%s passes %s', (check, value) => {
    expect(instrumentCheckProblem(check, value)).toBeUndefined();
  });
  it.each([
    ['iban', 'DE89370400440532013001', /not a valid IBAN/],
    ['aba', '021000022', /not a valid ABA routing number/],
    ['clabe', '032180000118359718', /not a valid CLABE/],
    ['cpfCnpj', '529.982.247-26', /not a valid CPF or CNPJ/],
    ['pixKey', '52998224726', /CPF or CNPJ Pix key/],
    ['pixKey', '11.222.333/0001-82', /CPF or CNPJ Pix key/],
    ['cuit', '20-12345678-9', /not a valid CUIT\/CUIL/],
    ['rut', '12.345.678-6', /not a valid RUT/],
  ] as const)('%s refuses %s', (check, value, message) => {
    expect(instrumentCheckProblem(check, value)).toMatch(message);
  });
});
