// Bech32 (BIP-173) and SegWit v0 addresses, so that sandbox BTC deposit addresses are real native-SegWit strings
// whose checksum any wallet verifies. Bech32m (BIP-350, witness v1+) is not needed: we only mint P2WPKH (v0).

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    GENERATOR.forEach((g, i) => {
      if ((top >>> i) & 1) chk ^= g;
    });
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  return [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)];
}

/** Encodes 5-bit groups under a human-readable part, appending the six-character checksum. */
export function bech32Encode(hrp: string, data: readonly number[]): string {
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => CHARSET.charAt(d)).join('')}`;
}

export type Bech32Decoded = { hrp: string; data: number[] };

/** Decodes and verifies a bech32 string; undefined when any BIP-173 rule or the checksum fails. */
export function bech32Decode(text: string): Bech32Decoded | undefined {
  if (text.length > 90) return undefined;
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return undefined;
  if ([...text].some((c) => c.charCodeAt(0) < 33 || c.charCodeAt(0) > 126)) return undefined;
  const lower = text.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || separator + 7 > lower.length) return undefined;
  const hrp = lower.slice(0, separator);
  const data: number[] = [];
  for (const c of lower.slice(separator + 1)) {
    const d = CHARSET.indexOf(c);
    if (d < 0) return undefined;
    data.push(d);
  }
  if (polymod([...hrpExpand(hrp), ...data]) !== 1) return undefined;
  return { hrp, data: data.slice(0, -6) };
}

/** Regroups bits (8 to 5 and back); undefined when the input cannot be regrouped without loss. */
export function convertBits(data: readonly number[], from: number, to: number, pad: boolean): number[] | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (const value of data) {
    if (value < 0 || value >> from !== 0) return undefined;
    acc = ((acc << from) | value) & 0xffffff;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & maxv);
  } else if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) {
    return undefined;
  }
  return out;
}

/** A SegWit v0 address (P2WPKH for a 20-byte program, P2WSH for 32). */
export function segwitV0Address(hrp: string, program: Uint8Array): string {
  if (program.length !== 20 && program.length !== 32) throw new Error('a v0 witness program is 20 or 32 bytes');
  const five = convertBits([...program], 8, 5, true);
  if (five === undefined) throw new Error('unreachable: padding regroup cannot fail');
  return bech32Encode(hrp, [0, ...five]);
}

/** Decodes a SegWit v0 address for the given hrp into its witness program; undefined when invalid. */
export function decodeSegwitV0(hrp: string, address: string): Uint8Array | undefined {
  const decoded = bech32Decode(address);
  if (decoded === undefined || decoded.hrp !== hrp || decoded.data[0] !== 0) return undefined;
  const program = convertBits(decoded.data.slice(1), 5, 8, false);
  if (program === undefined || (program.length !== 20 && program.length !== 32)) return undefined;
  return Uint8Array.from(program);
}
