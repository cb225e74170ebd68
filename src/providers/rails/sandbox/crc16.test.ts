import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, crc16Hex } from './crc16.js';

describe('crc16 CCITT-FALSE', () => {
  it('matches the catalogue check value', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
    expect(crc16Hex('')).toBe('FFFF');
  });

  it('reproduces the checksum of the BR Code example in the Central Bank manual', () => {
    const payload =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
      '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16Hex(payload)).toBe('1D3D');
  });
});
