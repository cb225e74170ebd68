import { confidentialIdentityKeys, confidentialTransferKeys } from '../../catalogue/payout-identifiers.js';
import { maskedValue } from '../../domain/payout-fields/stored-instrument.js';

// What never enters the audit log (issue #14, item 2: "secrets never enter it"). Each operation gives its before and
// after in an explicit shape, its operator read's (docs/decisions.md, "The audit log"); this rule, applied to every value on its
// way in, is the net under those shapes: a field named like a secret is replaced, one named like an account number
// shows what the API's masked reads show (its last four), whatever operation put it there.

export const redacted = '[redacted]';

/** Field names whose values are secrets or bytes: passwords and their hashes, tokens, keys, TOTP, file contents. */
const secretName =
  /pass(word|phrase)|secret|token|totp|otp(auth|uri)?$|hash$|^salt$|private|signing|apikey|api_key|authorization|cookie|session|credentials?$|^content$|file_?content|bytes|base64|csv$/i;

/** Field names of account identifiers, shown as the masked reads show them. */
const accountNames = new Set(
  [...confidentialTransferKeys, ...confidentialIdentityKeys, 'account', 'iban', 'accountNumber', 'account_number'].map(
    (name) => name.toLowerCase(),
  ),
);

const depthMax = 12;

/** `value` as the audit log may hold it: JSON values only, secrets replaced, account identifiers masked. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return value;
  if (depth >= depthMax) return redacted;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value instanceof Uint8Array) return redacted;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    if (secretName.test(key)) out[key] = redacted;
    else if (accountNames.has(key.toLowerCase()) && typeof field === 'string' && field !== '') {
      out[key] = maskedValue(field);
    } else out[key] = redact(field, depth + 1);
  }
  return out;
}
