import { createHmac } from 'node:crypto';
import {
  accountIdentifierKeys,
  confidentialIdentityKeys,
  confidentialTransferKeys,
  institutionKeys,
  samePayoutRailAs,
} from '../../catalogue/payout-identifiers.js';
import type { PayoutRailEntry } from '../../catalogue/types.js';

// What a stored payout destination shows instead of its identifiers (spec, via issue 11: reads never echo a full
// account identifier; they show the last four characters and a stable fingerprint, as card and bank APIs do).

type Fields = Readonly<Record<string, unknown>>;

/** The field of `entry` that identifies the account, and its value in `transfer`; undefined when it has none. */
export function accountIdentifierOf(
  entry: PayoutRailEntry,
  transfer: Fields,
): { readonly field: string; readonly value: string } | undefined {
  const keys = new Set(entry.fields.map((f) => f.key));
  for (const field of accountIdentifierKeys) {
    const value = transfer[field];
    if (keys.has(field) && typeof value === 'string' && value.trim() !== '') return { field, value };
  }
  return undefined;
}

/**
 * One spelling per identifier, so that the same account typed twice fingerprints the same: NFKC, no spaces,
 * hyphens, dots or slashes (IBANs are written in groups, CPFs and CUITs with separators), upper case. An e-mail
 * (a Pix or Bre-B key) keeps its dots, which are significant, and is lower-cased.
 */
export function normalisedIdentifier(value: string): string {
  const text = value.normalize('NFKC').trim();
  if (text.includes('@')) return text.toLowerCase();
  return text.replace(/[\s./-]/gu, '').toUpperCase();
}

/**
 * The characters of an identifier a read may show: its last four, but never more than half of it, so that a short
 * identifier (a 1 to 11 character Bolivian account, a short tax id) is not shown whole.
 */
export function visibleTailOf(value: string): string {
  const characters = [...normalisedIdentifier(value)];
  return characters.slice(characters.length - Math.min(4, Math.floor(characters.length / 2))).join('');
}

/** A masked value: a fixed run of asterisks (the length is not told) and the visible tail. */
export const maskedValue = (value: string): string => `****${visibleTailOf(value)}`;

function masked(fields: Fields, confidential: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => {
      const text = String(value);
      return [key, confidential.includes(key) && text !== '' ? maskedValue(text) : text];
    }),
  );
}

/** destinationTransferData as a read shows it: account identifiers and tax ids masked, the rest as stored. */
export const maskedTransferData = (transfer: Fields): Record<string, string> =>
  masked(transfer, confidentialTransferKeys);

/** A party identity (destinationUserData) as a read of a stored destination shows it: the tax id masked. */
export const maskedIdentity = (identity: Fields): Record<string, string> => masked(identity, confidentialIdentityKeys);

/**
 * The fingerprint of the account a destination reaches: HMAC-SHA256 under a server key over the workspace, the
 * rail (one name per rail), the institution fields the rail requires and the normalised identifier; the first 16
 * bytes in base64url (22 characters). Stable while the key is, equal for the same account typed differently within
 * a workspace, unrelated across workspaces, and, being keyed, no help in guessing an identifier from its last four.
 */
export function fingerprintOf(key: Buffer, workspaceId: string, entry: PayoutRailEntry, transfer: Fields): string {
  const identifier = accountIdentifierOf(entry, transfer);
  if (identifier === undefined) throw new Error(`${entry.rail} has no account identifier to fingerprint`);
  const required = new Set(entry.fields.filter((f) => f.required).map((f) => f.key));
  const institution = institutionKeys
    .filter((k) => required.has(k))
    .map((k) => normalisedIdentifier(String(transfer[k] ?? '')));
  const rail = samePayoutRailAs[entry.rail] ?? entry.rail;
  const message = JSON.stringify(['v1', workspaceId, rail, ...institution, normalisedIdentifier(identifier.value)]);
  return createHmac('sha256', key).update(message, 'utf8').digest().subarray(0, 16).toString('base64url');
}
