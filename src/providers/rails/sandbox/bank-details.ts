// Fictitious bank and wallet identifiers for the stage sandbox: each one passes its scheme's check digits, so partners
// can exercise their validation, and every name says "sandbox". The institution parts were picked to stay clear of
// real banks; only the ACH choice is guaranteed by the scheme, the others were not checked against an official
// directory (none is available offline):
// - SEPA: Dutch IBAN on bank code BRKS (not a Dutch bank code we know of) and BIC BRKSNL20, whose location code
//   ends in 0, the BIC convention for a test (non-live) code.
// - ACH: routing prefix 50, outside every range the ABA assigns (Fed districts 00-12, thrifts 21-32, electronic
//   61-72, travellers cheques 80), so no bank can have it; only the 9-digit checksum is meaningful.
// - GBP: sort code 00-99-61, outside the clearing banks' ranges we know of.
// - SPEI: CLABE bank code 999, not a SPEI participant code we know of.
// Account numbers are per deposit (virtual accounts), from sha256(depositId + scheme). The check digits are the
// domain's (payments/iban.ts, payments/clabe.ts), the same that validate partners' payout destinations.

import { createHash } from 'node:crypto';
import { clabeCheckDigit } from '../../../domain/payments/clabe.js';
import { ibanCheckDigits } from '../../../domain/payments/iban.js';

export const STAGE_BANK_NAME = 'Brokerage Stage Bank (sandbox)';
export const STAGE_ACCOUNT_HOLDER = 'Brokerage Stage Collections';
export const STAGE_BIC = 'BRKSNL20';
export const STAGE_SORT_CODE = '00-99-61';
/** 50990001 and its ABA check digit 2. */
export const STAGE_ROUTING_NUMBER = '509900012';
const STAGE_IBAN_BANK = 'BRKS';
const STAGE_CLABE_BANK = '999';
/** Banxico plaza code of Mexico City. */
const STAGE_CLABE_PLAZA = '180';

/** `length` decimal digits from sha256(depositId + scheme), leading zeros kept. */
export function digitsFor(depositId: string, scheme: string, length: number): string {
  const value = BigInt(
    `0x${createHash('sha256')
      .update(depositId + scheme)
      .digest('hex')}`,
  );
  return (value % 10n ** BigInt(length)).toString().padStart(length, '0');
}

/**
 * A 10-digit Dutch account number passing the "elfproef" (weights 10..1, sum divisible by 11). New Dutch banks no
 * longer need it, but some validators still apply it to every NL IBAN, so ours pass.
 */
function elevenProofAccount(depositId: string): string {
  for (let attempt = 0; ; attempt++) {
    const head = digitsFor(depositId, `SEPA${attempt}`, 9);
    const sum = [...head].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0);
    const last = (11 - (sum % 11)) % 11;
    if (last < 10) return head + String(last);
  }
}

export function sandboxIban(depositId: string): string {
  const bban = STAGE_IBAN_BANK + elevenProofAccount(depositId);
  return `NL${ibanCheckDigits('NL', bban)}${bban}`;
}

export function sandboxClabe(depositId: string): string {
  const first17 = STAGE_CLABE_BANK + STAGE_CLABE_PLAZA + digitsFor(depositId, 'SPEI', 11);
  return first17 + clabeCheckDigit(first17);
}

/** E.164 mobile numbering per country: calling code, a mobile prefix of the national plan, national length. */
const mobilePlans: Readonly<Record<string, readonly [string, string, number]>> = {
  NG: ['234', '80', 10],
  KE: ['254', '7', 9],
  TZ: ['255', '7', 9],
  UG: ['256', '7', 9],
  RW: ['250', '78', 9],
  MW: ['265', '99', 9],
  ZM: ['260', '97', 9],
  BW: ['267', '7', 8],
  SN: ['221', '77', 9],
  CI: ['225', '07', 10],
  BJ: ['229', '01', 10],
  BF: ['226', '7', 8],
  ML: ['223', '7', 8],
  TG: ['228', '9', 8],
  NE: ['227', '9', 8],
  GW: ['245', '95', 9],
  CM: ['237', '6', 9],
  GA: ['241', '07', 8],
  CG: ['242', '06', 9],
  TD: ['235', '6', 8],
  CF: ['236', '7', 8],
  GQ: ['240', '222', 9],
};

/**
 * A per-deposit collection wallet number in the country's E.164 mobile format. None of these numbering plans
 * reserves a range for fiction, so a number can coincide with an issued one: it is shown only on stage, next to an
 * account name saying sandbox, and stage never sends anything to it.
 */
export function sandboxMobileNumber(depositId: string, country: string): string {
  const plan = mobilePlans[country];
  if (plan === undefined) throw new Error(`no mobile numbering plan for ${country}`);
  const [callingCode, prefix, nationalLength] = plan;
  return `+${callingCode}${prefix}${digitsFor(depositId, `MOBILE_MONEY${country}`, nationalLength - prefix.length)}`;
}

/** Local account number lengths for the BANK_DEPOSIT_* collection accounts; 12 digits where no single format rules. */
const localAccountLengths: Readonly<Record<string, number>> = {
  NG: 10, // NUBAN
  PE: 20, // CCI length
  KE: 13,
  TZ: 13,
  ZM: 13,
  XAF: 11,
};

export function sandboxLocalAccount(depositId: string, railSuffix: string): string {
  return digitsFor(depositId, `BANK_DEPOSIT_${railSuffix}`, localAccountLengths[railSuffix] ?? 12);
}
