import { describe, expect, it } from 'vitest';
import { brCode, qrPngBase64, sandboxPixKey } from './brcode.js';

const fields = {
  pixKey: '123e4567-e12b-12d1-a456-426655440000',
  amount: undefined,
  merchantName: 'Fulano de Tal',
  merchantCity: 'BRASILIA',
  txid: 'BRK0123456789AB',
};

describe('brCode', () => {
  it('lays the fields out in BR Code order', () => {
    expect(brCode(fields)).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
        '5204000053039865802BR5913Fulano de Tal6008BRASILIA6219051' +
        `5BRK0123456789AB6304${brCode(fields).slice(-4)}`,
    );
  });

  it('writes the amount as field 54 when given', () => {
    expect(brCode({ ...fields, amount: '10.50' })).toContain('540510.50');
  });

  it.each([
    [{ merchantName: 'A'.repeat(26) }],
    [{ merchantCity: 'São Paulo' }],
    [{ txid: 'BRK-1' }],
    [{ amount: '10.5' }],
  ])('refuses %j', (override) => {
    expect(() => brCode({ ...fields, ...override })).toThrow();
  });
});

describe('sandboxPixKey', () => {
  it('is a version 4 UUID, stable per deposit', () => {
    const key = sandboxPixKey('PREABCDEF123456');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sandboxPixKey('PREABCDEF123456')).toBe(key);
    expect(sandboxPixKey('PREABCDEF123457')).not.toBe(key);
  });
});

describe('qrPngBase64', () => {
  it('is a raw base64 PNG, the same for the same text', async () => {
    const png = await qrPngBase64('hello');
    expect(png).not.toMatch(/^data:/);
    expect([...Buffer.from(png, 'base64').subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await qrPngBase64('hello')).toBe(png);
  });
});
