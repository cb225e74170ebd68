// PIX instructions: a static BR Code (the Brazilian Central Bank's EMV merchant-presented QR payload, "Manual de
// Padrões para Iniciação do Pix") and its QR image. The payload carries its own CRC, which is why the spec tells
// clients to pass qrCodeString through unchanged.

import { createHash } from 'node:crypto';
import { crc16Hex } from './crc16.js';

export interface BrCodeFields {
  /** The receiver's pix key; a random (EVP) key is a lowercase UUID. */
  readonly pixKey: string;
  /** Exact decimal in reais with two places ("10.50"), or undefined to let the payer type the amount. */
  readonly amount: string | undefined;
  /** At most 25 characters (field 59). */
  readonly merchantName: string;
  /** At most 15 characters (field 60). */
  readonly merchantCity: string;
  /** Transaction id echoed back by the payer's bank: 1 to 25 letters and digits (field 62, sub-field 05). */
  readonly txid: string;
}

/** One EMV TLV field: two-digit id, two-digit length, value. */
function tlv(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Unaccented letters, digits, spaces, dots and hyphens: every bank app reads the payload and some refuse accents. */
const PLAIN = /^[A-Za-z0-9 .-]+$/;

export function brCode(fields: BrCodeFields): string {
  if (fields.merchantName.length > 25 || !PLAIN.test(fields.merchantName)) throw new Error('invalid merchant name');
  if (fields.merchantCity.length > 15 || !PLAIN.test(fields.merchantCity)) throw new Error('invalid merchant city');
  if (!/^[A-Za-z0-9]{1,25}$/.test(fields.txid)) throw new Error('a BR Code txid is 1 to 25 letters and digits');
  if (fields.amount !== undefined && !/^\d{1,10}\.\d{2}$/.test(fields.amount))
    throw new Error('invalid BR Code amount');
  const payload =
    tlv('00', '01') + // payload format indicator
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', fields.pixKey)) + // merchant account: PIX GUI and key
    tlv('52', '0000') + // merchant category code: not informed
    tlv('53', '986') + // ISO 4217 numeric for BRL
    (fields.amount === undefined ? '' : tlv('54', fields.amount)) +
    tlv('58', 'BR') +
    tlv('59', fields.merchantName) +
    tlv('60', fields.merchantCity) +
    tlv('62', tlv('05', fields.txid));
  // The CRC covers everything before it, its own id and length ("6304") included.
  const head = `${payload}6304`;
  return head + crc16Hex(head);
}

/** A random-key (EVP) pix key for the deposit: a UUID v4 laid over sha256(depositId + "PIX"). */
export function sandboxPixKey(depositId: string): string {
  const b = createHash('sha256').update(`${depositId}PIX`).digest().subarray(0, 16);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40; // version 4
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The QR code of `text` as raw base64 PNG (no data-URI prefix, as the spec's base64QRCode requires). */
export async function qrPngBase64(text: string): Promise<string> {
  // Level M is what Brazilian banks print on static codes; the PNG is deterministic for a given text. The QR
  // library (and its PNG encoder) is loaded on the first code, not at every start.
  const { default: QRCode } = await import('qrcode');
  const png = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 4 });
  return png.toString('base64');
}
