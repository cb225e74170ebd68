import { createHash } from 'node:crypto';
import { base58, base58xrp, bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { currencies } from '../../../catalogue/currencies.js';
import { toChecksumAddress } from './addresses.js';
import { type DepositInfo, depositInstructions, referenceCodeOf } from './instructions.js';

const ID = 'PREABCDEF123456';
const OTHER = 'PREABCDEF123457';

// Checks recomputed here, independently of the generator's helpers.
const ibanValid = (iban: string) =>
  BigInt([...(iban.slice(4) + iban.slice(0, 4))].map((c) => Number.parseInt(c, 36)).join('')) % 97n === 1n;
const abaValid = (r: string) => [...r].reduce((s, d, i) => s + Number(d) * ([3, 7, 1][i % 3] ?? 0), 0) % 10 === 0;
const clabeValid = (c: string) =>
  [...c].reduce((s, d, i) => s + ((Number(d) * ([3, 7, 1][i % 3] ?? 0)) % 10), 0) % 10 === 0;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();
function base58CheckPayload(text: string, codec = base58): Buffer {
  const full = Buffer.from(codec.decode(text));
  const payload = full.subarray(0, -4);
  expect(sha256(sha256(payload)).subarray(0, 4).equals(full.subarray(-4))).toBe(true);
  return payload;
}
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text)) {
    for (let bit = 7; bit >= 0; bit--) {
      const top = ((crc >> 15) & 1) ^ ((byte >> bit) & 1);
      crc = ((crc << 1) & 0xffff) ^ (top ? 0x1021 : 0);
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
function tlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i < text.length; ) {
    const length = Number(text.slice(i + 2, i + 4));
    fields.set(text.slice(i, i + 2), text.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}

function expectedType(rail: string): DepositInfo['depositType'] {
  const fixed: Record<string, DepositInfo['depositType']> = {
    SEPA: 'SEPA',
    ACH_US: 'ACH_US',
    GBP_BANK_TRANSFER: 'GBP_BANK_TRANSFER',
    PIX_BR: 'PIX',
    PIX: 'PIX',
    SPEI: 'SPEI',
    CLABE: 'SPEI',
  };
  if (fixed[rail]) return fixed[rail];
  if (rail.startsWith('MOBILE_MONEY_')) return 'MOBILE_MONEY';
  if (rail.startsWith('BANK_DEPOSIT_')) return 'BANK_TRANSFER';
  return 'CRYPTO';
}

const cases = currencies.flatMap((c) => c.acceptedOriginRails.map((rail) => [c.code, rail] as const));

describe('depositInstructions over the catalogue', () => {
  it('covers every collectable currency', () => {
    expect(new Set(cases.map(([code]) => code))).toEqual(
      new Set(currencies.filter((c) => c.payinMethods.length > 0).map((c) => c.code)),
    );
  });

  it.each(cases)('%s on %s', async (currency, rail) => {
    const info = await depositInstructions({ depositId: ID, currency, rail, amount: '100' });
    expect(info.depositType).toBe(expectedType(rail));
    expect(await depositInstructions({ depositId: ID, currency, rail, amount: '100' })).toEqual(info);
    const other = await depositInstructions({ depositId: OTHER, currency, rail, amount: '100' });
    expect(other).not.toEqual(info);
    if ('referenceCode' in info) expect(info.referenceCode).toBe('BRKABCDEF123456');
    if ('amount' in info) expect(info.amount).toBe(100);
  });
});

describe('crypto addresses', () => {
  const address = async (currency: string, rail: string) => {
    const info = await depositInstructions({ depositId: ID, currency, rail, amount: '1' });
    if (info.depositType !== 'CRYPTO') throw new Error('expected CRYPTO');
    return info;
  };

  it.each(['ETH', 'ARBITRUM', 'BASE', 'BSC', 'MATIC', 'CELO', 'AVALANCHE'])('EIP-55 on %s', async (rail) => {
    const currency = rail === 'CELO' ? 'CUSD' : rail === 'AVALANCHE' ? 'AVAX' : 'USDC';
    const info = await address(currency, rail);
    expect(info.network).toBe(rail);
    expect(info.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(info.address).not.toBe(info.address.toLowerCase());
    expect(toChecksumAddress(info.address.toLowerCase())).toBe(info.address);
  });

  it('answers the POLYGON alias with network MATIC and the MATIC address', async () => {
    const polygon = await address('USDT', 'POLYGON');
    expect(polygon).toEqual(await address('USDT', 'MATIC'));
    expect(polygon.network).toBe('MATIC');
  });

  it('gives BTC a bech32 P2WPKH address', async () => {
    const info = await address('BTC', 'BTC');
    expect(info.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    const decoded = bech32.decode(info.address as `${string}1${string}`);
    expect([decoded.prefix, decoded.words[0], bech32.fromWords(decoded.words.slice(1)).length]).toEqual(['bc', 0, 20]);
  });

  it('gives TRON a base58check address on version 0x41', async () => {
    const info = await address('USDT', 'TRON');
    expect(info.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const payload = base58CheckPayload(info.address);
    expect(payload.length).toBe(21);
    expect(payload[0]).toBe(0x41);
  });

  it('gives SOLANA the base58 of 32 bytes', async () => {
    const info = await address('SOL', 'SOLANA');
    expect(base58.decode(info.address).length).toBe(32);
  });

  it('gives XRP a classic address', async () => {
    const info = await address('XRP', 'XRP');
    expect(info.address).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    const payload = base58CheckPayload(info.address, base58xrp);
    expect([payload.length, payload[0]]).toEqual([21, 0]);
  });
});

describe('bank instructions', () => {
  it('SEPA: valid IBAN and BIC, amount as a number, none for open-amount EUR', async () => {
    const info = await depositInstructions({ depositId: ID, currency: 'EUR', rail: 'SEPA', amount: '12.5' });
    if (info.depositType !== 'SEPA') throw new Error('expected SEPA');
    expect(ibanValid(info.iban)).toBe(true);
    expect(info.bic).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
    expect(info.bankName).toMatch(/sandbox/);
    expect(info.amount).toBe(12.5);
    const open = await depositInstructions({ depositId: ID, currency: 'EUR', rail: 'SEPA', amount: undefined });
    expect(open).not.toHaveProperty('amount');
    expect({ ...open, amount: 12.5 }).toEqual(info);
  });

  it('GBP: 8-digit account and a formatted sort code', async () => {
    const info = await depositInstructions({ depositId: ID, currency: 'GBP', rail: 'GBP_BANK_TRANSFER', amount: '5' });
    if (info.depositType !== 'GBP_BANK_TRANSFER') throw new Error('expected GBP_BANK_TRANSFER');
    expect(info.accountNumber).toMatch(/^\d{8}$/);
    expect(info.sortCode).toMatch(/^\d{2}-\d{2}-\d{2}$/);
  });

  it('ACH: routing number with a valid ABA checksum', async () => {
    const info = await depositInstructions({ depositId: ID, currency: 'USD', rail: 'ACH_US', amount: '5' });
    if (info.depositType !== 'ACH_US') throw new Error('expected ACH_US');
    expect(info.routingNumber).toMatch(/^\d{9}$/);
    expect(abaValid(info.routingNumber)).toBe(true);
  });

  it.each(['SPEI', 'CLABE'])('MXN on %s: an 18-digit CLABE with its check digit', async (rail) => {
    const info = await depositInstructions({ depositId: ID, currency: 'MXN', rail, amount: '250.75' });
    if (info.depositType !== 'SPEI') throw new Error('expected SPEI');
    expect(info.clabe).toMatch(/^\d{18}$/);
    expect(clabeValid(info.clabe)).toBe(true);
    expect(info.amount).toBe(250.75);
  });

  it('mobile money: echoes the network and numbers the wallet in its country', async () => {
    const input = { depositId: ID, currency: 'XOF', rail: 'MOBILE_MONEY_XOF', amount: '5000' };
    const info = await depositInstructions({ ...input, networkId: 'ci-wave' });
    if (info.depositType !== 'MOBILE_MONEY') throw new Error('expected MOBILE_MONEY');
    expect(info.networkId).toBe('ci-wave');
    expect(info.phoneNumber).toMatch(/^\+225\d{10}$/);
    expect(await depositInstructions(input)).not.toHaveProperty('networkId');
  });
});

describe('PIX', () => {
  it('is a BR Code with a valid CRC and a PNG of it', async () => {
    const info = await depositInstructions({ depositId: ID, currency: 'BRL', rail: 'PIX_BR', amount: '1234.5' });
    if (info.depositType !== 'PIX') throw new Error('expected PIX');
    expect(Object.keys(info).sort()).toEqual(['base64QRCode', 'depositType', 'qrCodeString']);
    const text = info.qrCodeString;
    expect(text.slice(-8, -4)).toBe('6304');
    expect(crc16(text.slice(0, -4))).toBe(text.slice(-4));
    const fields = tlv(text);
    expect([...fields.keys()]).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields.get('00')).toBe('01');
    const account = tlv(fields.get('26') ?? '');
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('01')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([fields.get('52'), fields.get('53'), fields.get('54'), fields.get('58')]).toEqual([
      '0000',
      '986',
      '1234.50',
      'BR',
    ]);
    expect(fields.get('59')?.length).toBeLessThanOrEqual(25);
    expect(fields.get('60')?.length).toBeLessThanOrEqual(15);
    expect(tlv(fields.get('62') ?? '').get('05')).toBe(referenceCodeOf(ID));
    expect(info.base64QRCode).not.toMatch(/^data:/);
    expect(Buffer.from(info.base64QRCode, 'base64').subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });
});

describe('refusals (programming errors)', () => {
  it.each([
    [{ currency: 'EUR', rail: 'WIRE' }],
    [{ currency: 'EUR', rail: 'ACH_US' }],
    [{ currency: 'ARS', rail: 'BANK_DEPOSIT_AR' }],
    [{ currency: 'XXX', rail: 'SEPA' }],
    [{ currency: 'EUR', rail: 'SEPA', depositId: 'dep_1' }],
    [{ currency: 'EUR', rail: 'SEPA', amount: '1.234' }],
    [{ currency: 'UGX', rail: 'MOBILE_MONEY_UG', amount: '0' }],
    [{ currency: 'KES', rail: 'MOBILE_MONEY_KE', networkId: 'ke-tkash' }],
    [{ currency: 'KES', rail: 'BANK_DEPOSIT_KE', networkId: 'ke-mpesa' }],
  ])('throws on %j', async (override) => {
    await expect(depositInstructions({ depositId: ID, amount: '10', ...override })).rejects.toThrow();
  });

  it('derives the reference code from the id only', () => {
    expect(referenceCodeOf('PREABCDEF123456')).toBe('BRKABCDEF123456');
    expect(referenceCodeOf('ABCDEF123456')).toBe('BRKABCDEF123456');
  });
});
