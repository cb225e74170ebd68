import { confidentialIdentityKeys, confidentialTransferKeys } from '../../catalogue/payout-identifiers.js';
import { maskedValue } from '../../domain/payout-fields/stored-instrument.js';
import { limits } from '../../limits.js';
import {
  accountNumberFieldNames,
  sealedFieldPrefix,
  sensitiveFieldNames,
  taxIdFieldNames,
} from '../secrets/sensitive.js';

// What never enters the audit log (issue #14, item 2: "secrets never enter it"). Each operation gives its before and
// after in an explicit shape, its operator read's (docs/decisions/operators-console-and-audit.md, "The audit log"); this rule, applied to every value on its
// way in, is the net under those shapes: a field named like a secret is replaced, one named like an account number
// shows what the API's masked reads show (its last four), whatever operation put it there.

export const redacted = '[redacted]';

/** Field names whose values are secrets or bytes: passwords and their hashes, tokens, keys, TOTP, file contents. */
const secretName =
  /pass(word|phrase)|secret|token|totp|otp(auth|uri)?$|hash$|^salt$|private|signing|apikey|api_key|authorization|cookie|session|credentials?$|^content$|file_?content|bytes|base64|csv$/i;

/** Field names of account identifiers and tax ids, shown as the masked reads show them: the last four. */
const accountLikeNames = [
  ...confidentialTransferKeys,
  'account',
  'account_number',
  ...accountNumberFieldNames,
  ...taxIdFieldNames,
].map((name) => name.toLowerCase());

/**
 * The other sensitive fields of the rule for data at rest (platform/secrets/sensitive.ts): dates of birth and an
 * identity document's details. The audit log is append-only (migration 0040), so nothing in it could be re-sealed
 * under a new key: it never holds them, not even sealed or masked; they are replaced whole.
 */
const replacedNames = new Set(
  [...sensitiveFieldNames].map((n) => n.toLowerCase()).filter((name) => !accountLikeNames.includes(name)),
);

/** Account identifiers, and the identity keys the masked reads mask (a date of birth among them is replaced above). */
const accountNames = new Set([...accountLikeNames, ...confidentialIdentityKeys.map((n) => n.toLowerCase())]);

/** An account identifier's leaves masked (a tax id may be `{ number, country }`); a sealed leaf replaced. */
function maskedLeaves(value: unknown): unknown {
  if (typeof value === 'string')
    return value === '' ? value : value.startsWith(sealedFieldPrefix) ? redacted : maskedValue(value);
  if (Array.isArray(value)) return value.map(maskedLeaves);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'country' ? v : maskedLeaves(v)]));
  }
  return value;
}

/** `value` as the audit log may hold it: JSON values only, secrets replaced, account identifiers masked. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  // A field sealed where it sits (a row's copy): its ciphertext is no business of the audit log's either.
  if (typeof value === 'string' && value.startsWith(sealedFieldPrefix)) return redacted;
  if (typeof value !== 'object') return value;
  if (depth >= limits.auditRedactionDepthMax) return redacted;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof Uint8Array) return redacted;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field !== undefined) out[key] = redactedMember(key, field, depth);
  }
  return out;
}

/**
 * What the member `key: field` of an object at `depth` becomes in `redact`'s copy: the rule for one member, which
 * decides by the member's name and value alone. The request log's mask (platform/request-log/mask.ts) asks it member
 * by member of a text it does not parse; `redactedMember(k, v)` is `redact({ [k]: v })[k]` without the object.
 */
export function redactedMember(key: string, field: unknown, depth = 0): unknown {
  if (field === undefined) return undefined;
  const name = key.toLowerCase();
  if (secretName.test(key) || (replacedNames.has(name) && field !== null && field !== '')) return redacted;
  if (accountNames.has(name)) return maskedLeaves(field);
  return redact(field, depth + 1);
}
