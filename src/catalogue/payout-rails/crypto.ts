import { BASE58_CHAR, BECH32_CHAR } from '../reference/patterns.js';
import type { FieldRule, PayoutRailEntry } from '../types.js';
import { decided, optional, railEntry, required } from './field-helpers.js';

// Address checks are shape-only (alphabet, prefix, length): checksums (EIP-55, base58check, bech32) need hashing
// the catalogue does not do, and the payout provider verifies them before broadcasting. Mainnet forms only:
// a testnet address sent to production is a mistake worth a 400.

const address = (description: string, pattern: string): FieldRule => required('address', description, { pattern });

const EVM = address('EVM address: 0x followed by 40 hexadecimal characters.', '^0x[0-9a-fA-F]{40}$');

// CELO shares the format but has no entry: no destination currency pays out on it (CUSD leaves only by exchange).
const evmRails = ['ETH', 'ARBITRUM', 'OPTIMISM', 'BASE', 'BSC', 'MATIC', 'AVALANCHE'] as const;

export const evmCryptoRails: PayoutRailEntry[] = evmRails.map((rail) =>
  railEntry(
    rail,
    'crypto',
    [EVM],
    decided(`${rail} is EVM-compatible: a 0x-prefixed 20-byte hex address (C-chain for AVALANCHE)`),
  ),
);

export const btc: PayoutRailEntry = railEntry(
  'BTC',
  'crypto',
  [
    address(
      'Bitcoin mainnet address: bech32 (bc1q..., 42 or 62 characters), taproot (bc1p..., 62), P2PKH (1...) or P2SH (3...).',
      `^(bc1q(${BECH32_CHAR}{38}|${BECH32_CHAR}{58})|bc1p${BECH32_CHAR}{58}|[13]${BASE58_CHAR}{25,33})$`,
    ),
  ],
  decided('Bitcoin mainnet: native segwit/taproot bech32 lowercase, or legacy base58 P2PKH/P2SH'),
);

export const sol: PayoutRailEntry = railEntry(
  'SOL',
  'crypto',
  [address('Solana address: base58, 32 to 44 characters.', `^${BASE58_CHAR}{32,44}$`)],
  decided('Solana addresses are base58-encoded 32-byte public keys (32 to 44 characters); SPL tokens use the owner'),
);

export const tron: PayoutRailEntry = railEntry(
  'TRON',
  'crypto',
  [address('TRON address: T followed by 33 base58 characters.', `^T${BASE58_CHAR}{33}$`)],
  decided('TRON mainnet addresses are base58check, 34 characters starting with T'),
);

// Exchanges and custodians share one XRP address and tell customers apart by destination tag, so it is accepted
// but not required (a personal wallet has none).
export const xrp: PayoutRailEntry = railEntry(
  'XRP',
  'crypto',
  [
    address('XRP Ledger classic address: r followed by 24 to 34 base58 characters.', `^r${BASE58_CHAR}{24,34}$`),
    optional('destinationTag', 'Destination tag, empty or 1 to 10 digits (an unsigned 32-bit integer).', {
      maxLength: 10,
      // 0 to 4294967295: digit by digit, since a pattern cannot compare numbers.
      pattern:
        '^(?:[0-9]{1,9}|[0-3][0-9]{9}|4[01][0-9]{8}|42[0-8][0-9]{7}|429[0-3][0-9]{6}|4294[0-8][0-9]{5}|42949[0-5][0-9]{4}|429496[0-6][0-9]{3}|4294967[01][0-9]{2}|42949672[0-8][0-9]|429496729[0-5])$',
      allowEmpty: true,
    }),
  ],
  decided('XRP Ledger classic r-address plus optional destination tag used by custodial receivers'),
);

export const polkadot: PayoutRailEntry = railEntry(
  'POLKADOT',
  'crypto',
  [
    address(
      'Polkadot SS58 address (network prefix 0): starts with 1, 47 or 48 characters.',
      `^1${BASE58_CHAR}{46,47}$`,
    ),
  ],
  decided('Polkadot relay-chain SS58 addresses with prefix 0 start with 1 and are 47-48 characters'),
);

export const cardano: PayoutRailEntry = railEntry(
  'CARDANO',
  'crypto',
  [
    address(
      'Cardano Shelley mainnet address: addr1 followed by 53 to 98 bech32 characters.',
      `^addr1${BECH32_CHAR}{53,98}$`,
    ),
  ],
  decided('Cardano Shelley mainnet bech32 addresses (addr1..., enterprise 58 to base 103 characters); Byron not paid'),
);

export const algorand: PayoutRailEntry = railEntry(
  'ALGORAND',
  'crypto',
  [address('Algorand address: 58 characters of A-Z and 2-7 (base32).', '^[A-Z2-7]{58}$')],
  decided('Algorand addresses are 58-character base32 (public key + checksum)'),
);
